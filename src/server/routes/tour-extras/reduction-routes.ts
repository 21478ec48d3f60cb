import { reductionsEndpoints } from '../../../domain/contract/tour-extras.js';
import type { Reduction, ReductionParsed } from '../../../domain/tours/tour-reductions-schemas.js';
import type { Api, AppContext } from '../../api-types.js';
import { listReductions, REDUCTION_COLUMNS } from '../../db/repositories/tour-reductions-repository.js';
import { registerSeasonRowRoutes } from './season-row-routes.js';

type ReductionFields = Omit<ReductionParsed, 'id'>;

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
    load: listReductions,
  });
}
