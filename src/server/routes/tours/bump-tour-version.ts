import type { Kysely, Updateable } from 'kysely';
import { claimTourVersion } from '../../db/repositories/tour-repository.js';
import type { Database, ToursTable } from '../../db/schema.js';
import { staleVersion } from '../../http-errors.js';

/**
 * Writes tour fields (possibly none) only if the tour is still at the version the client read,
 * and moves it to the next version. Every save of the tour or its child rows goes through here,
 * so two people saving the same tour cannot overwrite each other: the second gets 409.
 */
export async function bumpTourVersion(db: Kysely<Database>, tourId: number, version: number, fields: Updateable<ToursTable> = {}): Promise<number> {
  const updated = await claimTourVersion(db, tourId, version, fields);
  if (updated === undefined) throw staleVersion('This tour');
  return updated;
}
