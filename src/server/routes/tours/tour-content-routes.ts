import { z } from 'zod';
import { tourLinkedContentSchema } from '../../../domain/tours/tour-links-schema.js';
import { tourMetaItemSchema } from '../../../domain/tours/tour-meta-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { listTourLinked, listTourMeta } from '../../db/repositories/tour-repository.js';
import { findTourId } from './find-tour-id.js';
import { tourParamsSchema } from './tour-params.js';
import { CACHEABLE } from '../../read-cache.js';

const linkedList = { params: tourParamsSchema, response: { 200: z.array(tourLinkedContentSchema) } };

/** `GET tours/{id}/hotels`, `/restaurants` (in the tour's order) and `/meta`. */
export function registerTourContentRoutes(app: Api, { db }: AppContext) {
  for (const table of ['hotels', 'restaurants'] as const) {
    app.get(`/tours/:id/${table}`, { config: CACHEABLE, schema: linkedList }, async (request) => {
      return listTourLinked(db, await findTourId(db, request.params.id), table);
    });
  }

  app.get('/tours/:id/meta', { config: CACHEABLE, schema: { params: tourParamsSchema, response: { 200: z.array(tourMetaItemSchema) } } }, async (request) => {
    return listTourMeta(db, await findTourId(db, request.params.id));
  });
}
