import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { Api, AppContext } from '../../api-types.js';
import { findTourId } from './find-tour-id.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** `GET tours/{id}/hotels`, `/restaurants` (in the tour's order) and `/meta`. */
export function registerTourContentRoutes(app: Api, { db }: AppContext) {
  for (const table of ['hotels', 'restaurants'] as const) {
    registerEndpoint(
      app,
      toursEndpoints[table],
      async (request) => {
      const tourId = await findTourId(db, request.params.id);
      const tour = await db.selectFrom('tours').select(table).where('id', '=', tourId).executeTakeFirstOrThrow();
      const ids = tour[table];
      if (!ids.length) return [];
      const rows = await db.selectFrom(table).select(['id', 'name', 'content']).where('id', 'in', ids).execute();
      return ids.flatMap((id) => rows.filter((row) => row.id === id));
      },
      { config: CACHEABLE, serialize: true },
    );
  }

  registerEndpoint(
    app,
    toursEndpoints.meta,
    async (request) => {
      const tourId = await findTourId(db, request.params.id);
      return db.selectFrom('tour_meta').select(['key', 'value']).where('tour_id', '=', tourId).orderBy('key').execute();
    },
    { config: CACHEABLE, serialize: true },
  );
}
