import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The region links of the given destinations, by region. */
export function listDestinationRegions(db: Kysely<Database>, destinationIds: readonly number[]) {
  return db
    .selectFrom('destination_regions')
    .selectAll()
    .where('destination_id', 'in', [...destinationIds])
    .orderBy('region_id')
    .execute();
}

/** The destination's regions become exactly `regionIds`. */
export async function replaceDestinationRegions(trx: Kysely<Database>, destinationId: number, regionIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('destination_regions').where('destination_id', '=', destinationId).execute();
  if (regionIds.length)
    await trx
      .insertInto('destination_regions')
      .values(regionIds.map((region_id) => ({ destination_id: destinationId, region_id })))
      .execute();
}

/** The names of the destinations in a region, by name. */
export function listDestinationNamesOfRegion(db: Kysely<Database>, regionId: number) {
  return db
    .selectFrom('destination_regions')
    .innerJoin('destinations', 'destinations.id', 'destination_regions.destination_id')
    .select('destinations.name')
    .where('destination_regions.region_id', '=', regionId)
    .orderBy('destinations.name')
    .execute();
}

/** The slug of a destination or a region. */
export function findPlaceSlug(db: Kysely<Database>, table: 'destinations' | 'regions', id: number) {
  return db.selectFrom(table).select('slug').where('id', '=', id).executeTakeFirst();
}
