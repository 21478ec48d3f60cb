import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound, staleVersion } from '../http-errors.js';

/**
 * Claims the tour season for this write: bumps its version only if it is still the one the
 * client read. Inside a transaction the row stays locked until commit, so of two concurrent saves
 * exactly one passes and the other gets 409.
 */
export async function bumpSeasonVersion(db: Kysely<Database>, tourSeasonId: number, expectedVersion: number): Promise<number> {
  const row = await db
    .updateTable('tour_seasons')
    .set({ version: sql`version + 1` })
    .where('id', '=', tourSeasonId)
    .where('version', '=', expectedVersion)
    .returning('version')
    .executeTakeFirst();
  if (row) return row.version;
  const exists = await db.selectFrom('tour_seasons').select('id').where('id', '=', tourSeasonId).executeTakeFirst();
  if (!exists) throw notFound('Tour season');
  throw staleVersion('This season');
}
