import type { Kysely } from 'kysely';
import { existingLinkedIds, type TourLinkedTable } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';

/**
 * The tour's link lists are stored as JSON, which has no foreign keys: check that every id names
 * a record, so a typo cannot leave a dangling link.
 */
export async function assertIdsExist(db: Kysely<Database>, table: TourLinkedTable, ids: number[] | undefined, path: string): Promise<void> {
  if (!ids?.length) return;
  const known = await existingLinkedIds(db, table, ids);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`${path} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`, path);
}

/** Checks every link list of a tour body. */
export async function assertTourLinksExist(
  db: Kysely<Database>,
  fields: { destinations?: number[]; regions?: number[]; hotels?: number[]; restaurants?: number[]; related_tours?: number[]; related_themes?: number[] },
): Promise<void> {
  await assertIdsExist(db, 'destinations', fields.destinations, 'destinations');
  await assertIdsExist(db, 'regions', fields.regions, 'regions');
  await assertIdsExist(db, 'hotels', fields.hotels, 'hotels');
  await assertIdsExist(db, 'restaurants', fields.restaurants, 'restaurants');
  await assertIdsExist(db, 'tours', fields.related_tours, 'related_tours');
  await assertIdsExist(db, 'categories', fields.related_themes, 'related_themes');
}
