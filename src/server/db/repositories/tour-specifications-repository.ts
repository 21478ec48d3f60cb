import type { Kysely } from 'kysely';
import type { Specification } from '../../../domain/tours/tour-specifications-schemas.js';
import type { Database } from '../schema.js';

/** The season's specifications by id; one specification when `rowId` is given. */
export async function listSpecifications(db: Kysely<Database>, tourSeasonId: number, rowId?: number): Promise<Specification[]> {
  let query = db
    .selectFrom('tour_specifications')
    .select(['id', 'tour_season_id', 'price_includes', 'price_excludes'])
    .where('tour_season_id', '=', tourSeasonId);
  if (rowId !== undefined) query = query.where('id', '=', rowId);
  return query.orderBy('id').execute();
}
