import { reductionsEndpoints } from '../../../domain/contract/tour-extras.js';
import type { Reduction, ReductionParsed } from '../../../domain/tours/tour-reductions-schemas.js';
import type { Api, AppContext } from '../../api-types.js';
import { registerSeasonRowRoutes } from './season-row-routes.js';

type ReductionFields = Omit<ReductionParsed, 'id'>;

const REDUCTION_COLUMNS = [
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
] as const satisfies readonly (keyof ReductionFields)[];

/** Reductions of a tour season (SPEC.md section 7: tour-reductions). */
export function registerReductionRoutes(app: Api, context: AppContext) {
  registerSeasonRowRoutes<ReductionFields, Reduction>(app, context, {
    endpoints: reductionsEndpoints,
    table: 'tour_reductions',
    listKey: 'reductions',
    rowKey: 'reduction',
    name: 'Reduction',
    // The price history keeps a reduction's amounts (percent, cost).
    history: { source: 'reductions', kind: 'reduction' },
    values: (fields) => Object.fromEntries(REDUCTION_COLUMNS.map((column) => [column, fields[column]])),
    async load(db, tourSeasonId, rowId) {
      let query = db
        .selectFrom('tour_reductions')
        .select(['id', 'tour_season_id', ...REDUCTION_COLUMNS])
        .where('tour_season_id', '=', tourSeasonId);
      if (rowId !== undefined) query = query.where('id', '=', rowId);
      return query.orderBy('order').orderBy('id').execute();
    },
  });
}
