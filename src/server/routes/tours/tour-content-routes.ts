import { z } from 'zod';
import { tourLinkedContentSchema } from '../../../domain/tours/tour-links-schema.js';
import { tourMetaItemSchema } from '../../../domain/tours/tour-meta-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { findTourId } from './find-tour-id.js';
import { tourParamsSchema } from './tour-params.js';
import { CACHEABLE } from '../../read-cache.js';

const linkedList = { params: tourParamsSchema, response: { 200: z.array(tourLinkedContentSchema) } };

/** `GET tours/{id}/hotels`, `/restaurants` (in the tour's order) and `/meta`. */
export function registerTourContentRoutes(app: Api, { db }: AppContext) {
  for (const table of ['hotels', 'restaurants'] as const) {
    app.get(`/tours/:id/${table}`, { config: CACHEABLE, schema: linkedList }, async (request) => {
      const tourId = await findTourId(db, request.params.id);
      const tour = await db.selectFrom('tours').select(table).where('id', '=', tourId).executeTakeFirstOrThrow();
      const ids = tour[table];
      if (!ids.length) return [];
      const rows = await db.selectFrom(table).select(['id', 'name', 'content']).where('id', 'in', ids).execute();
      return ids.flatMap((id) => rows.filter((row) => row.id === id));
    });
  }

  app.get('/tours/:id/meta', { config: CACHEABLE, schema: { params: tourParamsSchema, response: { 200: z.array(tourMetaItemSchema) } } }, async (request) => {
    const tourId = await findTourId(db, request.params.id);
    return db.selectFrom('tour_meta').select(['key', 'value']).where('tour_id', '=', tourId).orderBy('key').execute();
  });
}
