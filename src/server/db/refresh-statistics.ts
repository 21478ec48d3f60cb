import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Planner statistics after a bulk load (the demo seed, an import). PGlite runs PostgreSQL in
 * single-user mode, where no autovacuum ever runs: without this, the planner guesses row counts
 * and, on 50,000 bookings, walks the whole newest-first index for a rare name (0.7 s) instead of
 * using the search index (1 ms). VACUUM of the narrow search table also lets its indexes answer
 * paging without reading the table (index-only scans). Cannot run inside a transaction.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM (ANALYZE) booking_search`.execute(db);
  await sql`ANALYZE`.execute(db);
}
