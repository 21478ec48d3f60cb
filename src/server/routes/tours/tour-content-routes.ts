import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { Api, AppContext } from '../../api-types.js';
import { listTourLinked, listTourMeta } from '../../db/repositories/tour-repository.js';
import { findTourId } from './find-tour-id.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** `GET tours/{id}/hotels`, `/restaurants` (in the tour's order) and `/meta`. */
export function registerTourContentRoutes(app: Api, { db }: AppContext) {
  for (const table of ['hotels', 'restaurants'] as const) {
    registerEndpoint(app, toursEndpoints[table], async (request) => listTourLinked(db, await findTourId(db, request.params.id), table), {
      config: CACHEABLE,
      serialize: true,
    });
  }

  registerEndpoint(app, toursEndpoints.meta, async (request) => listTourMeta(db, await findTourId(db, request.params.id)), {
    config: CACHEABLE,
    serialize: true,
  });
}
