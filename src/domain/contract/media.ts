import { z } from 'zod';
import {
  galleryBodySchema,
  galleryListItemSchema,
  gallerySchema,
  galleryUpdateSchema,
  mediaDetailSchema,
  mediaPageSchema,
  mediaSchema,
  mediaUpdateSchema,
} from '../media/media-schema.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// The media library and galleries (SPEC.md section 7). Answers are described in full by the
// domain schemas, and the server serialises through them.

const idParams = z.object({ id: pathId });

export const mediaEndpoints = {
  /** A multipart form of images and their words; the form is read by the route, not by a schema. */
  upload: defineEndpoint({ method: 'PUT', path: '/media/', response: z.array(mediaSchema) }),
  /** The same upload without the trailing slash, as older clients send it. */
  uploadWithoutSlash: defineEndpoint({ method: 'PUT', path: '/media', response: z.array(mediaSchema) }),
  /** Newest first, a page at a time. */
  page: defineEndpoint({ method: 'GET', path: '/media/page/:n', params: z.object({ n: pathId }), response: mediaPageSchema }),
  /** Every word of the search must appear in the title, caption, alt, credit or file name. */
  search: defineEndpoint({
    method: 'GET',
    path: '/media/page/:n/all/:search',
    params: z.object({ n: pathId, search: z.string().max(200, 'The search is too long') }),
    response: mediaPageSchema,
  }),
  read: defineEndpoint({ method: 'GET', path: '/media/:id', params: idParams, response: mediaDetailSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/media/:id', params: idParams, body: mediaUpdateSchema, response: mediaSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/media/:id', params: idParams, response: z.object({ id: z.number() }) }),
};

/** Galleries keep their images in the order sent. */
export const galleriesEndpoints = {
  create: defineEndpoint({ method: 'POST', path: '/galleries', body: galleryBodySchema, response: gallerySchema }),
  list: defineEndpoint({ method: 'GET', path: '/galleries', response: z.array(galleryListItemSchema) }),
  read: defineEndpoint({ method: 'GET', path: '/galleries/:id', params: idParams, response: gallerySchema }),
  save: defineEndpoint({ method: 'PUT', path: '/galleries/:id', params: idParams, body: galleryUpdateSchema, response: gallerySchema }),
};
