import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export type ContactsRow = Insertable<Database['contacts']>;

export function listContacts(db: Kysely<Database>) {
  return db.selectFrom('contacts').selectAll().orderBy('id').execute();
}

export function findContacts(db: Kysely<Database>, id: number) {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertContacts(db: Kysely<Database>, row: ContactsRow): Promise<number> {
  return (await db.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the entry only if it is still at `version`; false when someone changed it. */
export async function updateContacts(trx: Kysely<Database>, id: number, version: number, row: ContactsRow): Promise<boolean> {
  const written = await trx
    .updateTable('contacts')
    .set({ ...row, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Boolean(written.numUpdatedRows);
}
