import type { Kysely } from 'kysely';
import type { LastChange } from '../../../domain/contract/record-changes.js';
import type { RecordKind } from '../../../domain/record-kinds.js';
import type { Database } from '../schema.js';

/** Who last changed a record and when (record_changes, kept by triggers), or nulls if unknown. */
export async function lastChangeOf(db: Kysely<Database>, kind: RecordKind, id: number): Promise<LastChange> {
  const row = await db
    .selectFrom('record_changes as c')
    .leftJoin('users as u', 'u.id', 'c.changed_by')
    .select(['u.email_address as changed_by', 'c.changed_at'])
    .where('c.record_kind', '=', kind)
    .where('c.record_id', '=', id)
    .executeTakeFirst();
  return { changed_by: row?.changed_by ?? null, changed_at: row ? new Date(row.changed_at).toISOString() : null };
}
