import type { Kysely } from 'kysely';
import type { AccountAction } from '../../../domain/staff.js';
import type { Database } from '../schema.js';

export type AccountLogLine = { actorId: number | null; subjectId: number; action: AccountAction; address: string };

export async function insertAccountLog(db: Kysely<Database>, line: AccountLogLine): Promise<void> {
  await db.insertInto('account_log').values({ actor_id: line.actorId, subject_id: line.subjectId, action: line.action, address: line.address }).execute();
}

/** Whether the account has logged in from this address before (its first login from it is logged). */
export async function hasLoggedInFrom(db: Kysely<Database>, userId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_log')
    .select('id')
    .where('subject_id', '=', userId)
    .where('address', '=', address)
    .where('action', '=', 'login from a new address')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest `limit` lines, with the e-mail addresses of who acted and on whom. */
export function listAccountLog(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('account_log')
    .innerJoin('users as subject', 'subject.id', 'account_log.subject_id')
    .leftJoin('users as actor', 'actor.id', 'account_log.actor_id')
    .select([
      'account_log.id',
      'account_log.created_at',
      'actor.email_address as actor',
      'subject.email_address as subject',
      'account_log.action',
      'account_log.address',
    ])
    .orderBy('account_log.created_at', 'desc')
    .orderBy('account_log.id', 'desc')
    .limit(limit)
    .execute();
}
