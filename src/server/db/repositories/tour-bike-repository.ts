import type { Insertable, Kysely } from 'kysely';
import { deleteByIds } from '../delete-by-ids.js';
import type { Database } from '../schema.js';

/** The season's bike rows, in display order. */
export function listTourBikes(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_bikes')
    .select([
      'id',
      'tour_season_id',
      'bike_id',
      'order',
      'nights',
      'boat_id',
      'gallery_id',
      'formula',
      'gross',
      'non_com',
      'net',
      'adjustment',
      'cost',
      'markup_rate_id',
    ])
    .where('tour_season_id', '=', tourSeasonId)
    .orderBy('order')
    .orderBy('id')
    .execute();
}

/** The price fields of the season's bike rows, as a save compares them. */
export function listTourBikePrices(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_bikes')
    .select(['id', 'formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'])
    .where('tour_season_id', '=', tourSeasonId)
    .execute();
}

/** Deletes the bike rows; party members keep their booking (their tour_bike_id is set to null). */
export async function deleteTourBikes(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await deleteByIds(trx, 'tour_bikes', ids);
}

/** A bike row's columns as a save writes them. */
export type TourBikeWrite = Omit<Insertable<Database['tour_bikes']>, 'id' | 'tour_season_id'>;

export async function updateTourBike(trx: Kysely<Database>, id: number, row: TourBikeWrite): Promise<void> {
  await trx.updateTable('tour_bikes').set(row).where('id', '=', id).execute();
}

/** Adds a bike row to the season and answers its id. */
export async function insertTourBike(trx: Kysely<Database>, tourSeasonId: number, row: TourBikeWrite): Promise<number> {
  const inserted = await trx
    .insertInto('tour_bikes')
    .values({ ...row, tour_season_id: tourSeasonId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
