import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The newest 500 notes, newest first. */
export function listNotes(db: Kysely<Database>) {
  return db.selectFrom('notes').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
}

export function insertNote(db: Kysely<Database>, values: { note: string; user_id: number | null }) {
  return db.insertInto('notes').values(values).returningAll().executeTakeFirstOrThrow();
}
