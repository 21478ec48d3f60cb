import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs a hand-written SELECT as the subquery of a builder's select, so that the connection knows
 * it for a read by its kind (written-tables.ts): a bare sql`...` statement counts as a write.
 */
export async function selectRows<Row extends object>(db: Kysely<Database>, query: RawBuilder<Row>): Promise<Row[]> {
  return (await db
    .selectFrom(sql<Row>`(${query})`.as('r'))
    .selectAll()
    .execute()) as Row[];
}
