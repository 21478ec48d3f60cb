import type { Kysely } from 'kysely';
import type { Reduction, ReductionParsed } from '../../../domain/tours/tour-reductions-schemas.js';
import type { Database } from '../schema.js';

/** A reduction's own columns (not id or season), in the order answers list them. */
export const REDUCTION_COLUMNS = [
  'order',
  'percent',
  'cost',
  'room_type_id',
  'deck_id',
  'output_quantity',
  'output_min',
  'output_max',
  'input_quantity',
  'input_min',
  'input_max',
  'child_calc_room',
  'child_calc_accommodation',
] as const satisfies readonly (keyof Omit<ReductionParsed, 'id'>)[];

/** The season's reductions in display order; one reduction when `rowId` is given. */
export async function listReductions(db: Kysely<Database>, tourSeasonId: number, rowId?: number): Promise<Reduction[]> {
  let query = db
    .selectFrom('tour_reductions')
    .select(['id', 'tour_season_id', ...REDUCTION_COLUMNS])
    .where('tour_season_id', '=', tourSeasonId);
  if (rowId !== undefined) query = query.where('id', '=', rowId);
  return query.orderBy('order').orderBy('id').execute();
}
