import type { Kysely } from 'kysely';
import { claimTourSeasonOf, claimTourSeasonVersion, tourSeasonExists } from '../db/repositories/tour-season-repository.js';
import type { Database } from '../db/schema.js';
import { notFound, staleVersion } from '../http-errors.js';
import { findTourSeasonId } from './load-pricing-context.js';

/**
 * Claims the tour season for this write: bumps its version only if it is still the one the
 * client read. Inside a transaction the row stays locked until commit, so of two concurrent saves
 * exactly one passes and the other gets 409.
 */
export async function bumpSeasonVersion(db: Kysely<Database>, tourSeasonId: number, expectedVersion: number): Promise<number> {
  const version = await claimTourSeasonVersion(db, tourSeasonId, expectedVersion);
  if (version !== undefined) return version;
  if (!(await tourSeasonExists(db, tourSeasonId))) throw notFound('Tour season');
  throw staleVersion('This season');
}

/**
 * Claims the tour season of a tour and season for this write in one statement: bumps its version
 * only if it is still the one the client read, and answers its id. Inside a transaction the row
 * stays locked until commit, so of two concurrent saves exactly one passes and the other gets 409,
 * and a save that builds on the stored pricing reads it only once it holds the lock.
 */
export async function claimTourSeason(db: Kysely<Database>, tourId: number, seasonId: number, expectedVersion: number): Promise<number> {
  const id = await claimTourSeasonOf(db, tourId, seasonId, expectedVersion);
  if (id !== undefined) return id;
  await findTourSeasonId(db, tourId, seasonId);
  throw staleVersion('This season');
}
