import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Moves each table's id sequence past its largest id, so rows created after the import never
 * collide with the legacy ids it kept. Never moves a sequence back: ids handed out before (and
 * perhaps deleted since) are not handed out again.
 */
export async function advanceSequences(db: Kysely<Database>, tables: readonly (keyof Database & string)[]): Promise<void> {
  for (const table of tables) {
    await sql`
      WITH sequence AS (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS name),
      target AS (
        SELECT GREATEST((SELECT COALESCE(max(id), 0) FROM ${sql.table(table)}), COALESCE(pg_sequence_last_value(name), 0)) AS id, name
        FROM sequence
      )
      SELECT setval(name, GREATEST(id, 1), id > 0) FROM target`.execute(db);
  }
}
