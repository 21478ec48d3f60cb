import { z } from 'zod';
import { itinerariesResponseSchema, itinerariesSaveSchema } from '../tours/itinerary-schema.js';
import { tourDocumentationSaveSchema, tourDocumentationSchema } from '../tours/tour-documentation-schema.js';
import { tourLinkedContentSchema } from '../tours/tour-links-schema.js';
import { tourListItemSchema, tourListPageSchema, tourListQuerySchema } from '../tours/tour-list-schema.js';
import { tourMetaItemSchema } from '../tours/tour-meta-schema.js';
import { tourOrdersSchema } from '../tours/tour-orders-schema.js';
import { tourCreateSchema, tourSchema, tourUpdateSchema } from '../tours/tour-schema.js';
import { defineEndpoint } from './endpoint.js';

// Tours (SPEC.md section 7) except their seasonal data. Answers are described in full by the
// domain schemas, and the server serialises through them.

/** `{id}` of the tour paths: an id or a slug. */
export const tourParams = z.object({ id: z.string().min(1).max(120) });

export const toursEndpoints = {
  /** The list, optionally filtered, sorted and paged. */
  list: defineEndpoint({ method: 'GET', path: '/tours/all', query: tourListQuerySchema, response: z.union([z.array(tourListItemSchema), tourListPageSchema]) }),
  /** A tour's place in the public listing; it leaves the tours' versions alone. */
  reorder: defineEndpoint({ method: 'PUT', path: '/tours/re/orders', body: tourOrdersSchema, response: tourOrdersSchema }),
  read: defineEndpoint({ method: 'GET', path: '/tours/:id', params: tourParams, response: tourSchema }),
  create: defineEndpoint({ method: 'POST', path: '/tours', body: tourCreateSchema, response: tourSchema }),
  /** Fields, seasons or meta of a tour; deleting a tour is this update with deleted true. */
  save: defineEndpoint({ method: 'PUT', path: '/tours/:id', params: tourParams, body: tourUpdateSchema, response: tourSchema }),
  hotels: defineEndpoint({ method: 'GET', path: '/tours/:id/hotels', params: tourParams, response: z.array(tourLinkedContentSchema) }),
  restaurants: defineEndpoint({ method: 'GET', path: '/tours/:id/restaurants', params: tourParams, response: z.array(tourLinkedContentSchema) }),
  meta: defineEndpoint({ method: 'GET', path: '/tours/:id/meta', params: tourParams, response: z.array(tourMetaItemSchema) }),
  itineraries: defineEndpoint({ method: 'GET', path: '/tours/:id/itineraries', params: tourParams, response: itinerariesResponseSchema }),
  /** The list sent is the whole itinerary: its order is the saved order, rows left out are removed. */
  saveItineraries: defineEndpoint({
    method: 'PUT',
    path: '/tours/:id/itineraries',
    params: tourParams,
    body: itinerariesSaveSchema,
    response: itinerariesResponseSchema,
  }),
  documentation: defineEndpoint({ method: 'GET', path: '/tours/:id/documentation', params: tourParams, response: tourDocumentationSchema }),
  saveDocumentation: defineEndpoint({
    method: 'PUT',
    path: '/tours/:id/documentation',
    params: tourParams,
    body: tourDocumentationSaveSchema,
    response: tourDocumentationSchema,
  }),
};
