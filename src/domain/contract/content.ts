import { z } from 'zod';
import { blogPostCreateSchema, blogPostListItemSchema, blogPostSchema, blogPostUpdateSchema } from '../content/blog-post.js';
import { PAGE_SECTIONS } from '../content/content-constants.js';
import { contentListQuerySchema, listAnswerSchema } from '../content/content-fields.js';
import { offerCreateSchema, offerListItemSchema, offerSchema, offerUpdateSchema } from '../content/offer.js';
import { pageBlocksSaveSchema, pageCreateSchema, pageListItemSchema, pageSchema, pageUpdateSchema } from '../content/page.js';
import { redirectCreateSchema, redirectSchema, redirectUpdateSchema } from '../content/redirect.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// Website content with lists and records (SPEC.md section 7, Content): blog posts, pages, offers
// and redirects. Answers are described in full by the domain schemas, and the server serialises
// through them. An update's id may come in the address or in the body (`PUT redirects` and
// `PUT redirects/{id}`), so most areas have both calls.

const idParams = z.object({ id: pathId });
const slug = z.string().min(1).max(200);
const deleted = z.object({ id: z.number() });

/** `?section=` on the page list, beside the filter and paging of every content list. */
export const pageListQuerySchema = contentListQuerySchema.extend({
  section: z.enum([...PAGE_SECTIONS, 'none'], `Section is ${PAGE_SECTIONS.join(', ')} or none`).optional(),
});

export const blogPostsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/blog-posts', query: contentListQuerySchema, response: listAnswerSchema(blogPostListItemSchema) }),
  /** By slug, or by id when the address is a number that is no slug. */
  read: defineEndpoint({ method: 'GET', path: '/blog-posts/:slug', params: z.object({ slug }), response: blogPostSchema }),
  create: defineEndpoint({ method: 'POST', path: '/blog-posts', body: blogPostCreateSchema, response: blogPostSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/blog-posts/:id', params: idParams, body: blogPostUpdateSchema, response: blogPostSchema }),
  saveWithIdInBody: defineEndpoint({ method: 'PUT', path: '/blog-posts', body: blogPostUpdateSchema, response: blogPostSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/blog-posts/:id', params: idParams, response: deleted }),
};

/** A page's slides, blocks and fields are saved together in one transaction. */
export const pagesEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/pages', query: pageListQuerySchema, response: listAnswerSchema(pageListItemSchema) }),
  /** A top-level page by slug, or by id when the address is a number that is no slug. */
  read: defineEndpoint({ method: 'GET', path: '/pages/:slug', params: z.object({ slug }), response: pageSchema }),
  /** A page of the inspiration or explore section. */
  readInSection: defineEndpoint({ method: 'GET', path: '/pages/:section/:slug', params: z.object({ section: slug, slug }), response: pageSchema }),
  create: defineEndpoint({ method: 'POST', path: '/pages', body: pageCreateSchema, response: pageSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/pages/:id', params: idParams, body: pageUpdateSchema, response: pageSchema }),
  saveWithIdInBody: defineEndpoint({ method: 'PUT', path: '/pages', body: pageUpdateSchema, response: pageSchema }),
  /** The blocks alone, with the page's version. */
  saveBlocks: defineEndpoint({ method: 'PUT', path: '/pages/:id/blocks', params: idParams, body: pageBlocksSaveSchema, response: pageSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/pages/:id', params: idParams, response: deleted }),
};

export const offersEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/offers', query: contentListQuerySchema, response: listAnswerSchema(offerListItemSchema) }),
  read: defineEndpoint({ method: 'GET', path: '/offers/:id', params: idParams, response: offerSchema }),
  /** SPEC.md section 7 writes the create call with a trailing slash. */
  create: defineEndpoint({ method: 'POST', path: '/offers/', body: offerCreateSchema, response: offerSchema }),
  /** The same create without the trailing slash. */
  createWithoutSlash: defineEndpoint({ method: 'POST', path: '/offers', body: offerCreateSchema, response: offerSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/offers/:id', params: idParams, body: offerUpdateSchema, response: offerSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/offers/:id', params: idParams, response: deleted }),
};

export const redirectsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/redirects', query: contentListQuerySchema, response: listAnswerSchema(redirectSchema) }),
  read: defineEndpoint({ method: 'GET', path: '/redirects/:id', params: idParams, response: redirectSchema }),
  create: defineEndpoint({ method: 'POST', path: '/redirects', body: redirectCreateSchema, response: redirectSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/redirects/:id', params: idParams, body: redirectUpdateSchema, response: redirectSchema }),
  saveWithIdInBody: defineEndpoint({ method: 'PUT', path: '/redirects', body: redirectUpdateSchema, response: redirectSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/redirects/:id', params: idParams, response: deleted }),
};
