import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { chunksOf } from './write-chunk.js';

/**
 * Deletes a table's rows by id, the ids sent as one array parameter. `id IN (...)` takes a bind
 * parameter per id, and PostgreSQL refuses a statement of more than 65,535: deleting a season of
 * 100,000 prices answered 500 (issue 19). A chunk of ids a statement, so that no one statement
 * holds the embedded database's thread long. Built as a delete query, so the connection counts
 * a write of this table alone.
 */
export async function deleteByIds(db: Kysely<Database>, table: keyof Database & string, ids: readonly number[]): Promise<void> {
  for (const chunk of chunksOf(ids))
    await db
      .deleteFrom(table)
      .where(sql<boolean>`id = ANY(${chunk}::int[])`)
      .execute();
}
