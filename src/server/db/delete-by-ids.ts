import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Deletes a table's rows by id, the ids sent as one array parameter. `id IN (...)` takes a bind
 * parameter per id, and PostgreSQL refuses a statement of more than 65,535: deleting a season of
 * 100,000 prices answered 500 (issue 19). Built as a delete query, so the connection counts a
 * write of this table alone.
 */
export async function deleteByIds(db: Kysely<Database>, table: keyof Database & string, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom(table)
      .where(sql<boolean>`id = ANY(${[...ids]}::int[])`)
      .execute();
}
