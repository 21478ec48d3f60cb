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

/**
 * Locks the tour season for this transaction and checks it is still at the version the client
 * read, before a save reads the stored pricing to build on it. Without this, a group save racing
 * a save that removed the group would answer 404 instead of 409.
 */
export async function lockSeasonAtVersion(db: Kysely<Database>, tourSeasonId: number, expectedVersion: number): Promise<void> {
  const row = await db.selectFrom('tour_seasons').select('version').where('id', '=', tourSeasonId).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Tour season');
  if (row.version !== expectedVersion) throw staleVersion('This season');
}
