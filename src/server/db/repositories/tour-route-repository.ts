import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The tour season's named routes, in id order. */
export function listTourRoutes(db: Kysely<Database>, tourSeasonId: number) {
  return db.selectFrom('tour_routes').select(['id', 'name', 'tour_season_id']).where('tour_season_id', '=', tourSeasonId).orderBy('id').execute();
}

/** The ids of the tour season's routes. */
export async function tourRouteIds(db: Kysely<Database>, tourSeasonId: number): Promise<Set<number>> {
  return new Set((await db.selectFrom('tour_routes').select('id').where('tour_season_id', '=', tourSeasonId).execute()).map((row) => row.id));
}

/** Deletes the tour season's routes but those in `kept` (groups on a deleted route lose it by the foreign key). */
export async function deleteTourRoutesExcept(trx: Kysely<Database>, tourSeasonId: number, kept: readonly number[]): Promise<void> {
  let remove = trx.deleteFrom('tour_routes').where('tour_season_id', '=', tourSeasonId);
  if (kept.length) remove = remove.where('id', 'not in', [...kept]);
  await remove.execute();
}

export async function renameTourRoute(trx: Kysely<Database>, id: number, name: string): Promise<void> {
  await trx.updateTable('tour_routes').set({ name }).where('id', '=', id).execute();
}

export async function insertTourRoute(trx: Kysely<Database>, tourSeasonId: number, name: string): Promise<void> {
  await trx.insertInto('tour_routes').values({ name, tour_season_id: tourSeasonId }).execute();
}
