import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  blogPostCreateSchema,
  blogPostFieldsSchema,
  blogPostListItemSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  type BlogPost,
  type BlogPostFields,
} from '../../../domain/content/blog-post.js';
import { contentListQuerySchema } from '../../../domain/content/content-fields.js';
import type { Api, AppContext } from '../../api-types.js';
import {
  blogPostIdBySlug,
  blogPostSlugTaken,
  deleteBlogPost,
  findBlogPost,
  insertBlogPost,
  listBlogPosts,
  updateBlogPost,
} from '../../db/repositories/content-blog-posts.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import {
  assertImagesExist,
  containsPattern,
  idOfUpdate,
  idParamSchema,
  isoTime,
  listAnswer,
  listAnswerSchema,
  listPaging,
  validateRecord,
} from './content-route-helpers.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { loadRelatedTours } from '../../db/repositories/content-related-tours.js';

async function loadBlogPost(db: Kysely<Database>, where: { id: number } | { slug: string }): Promise<BlogPost> {
  const row = await findBlogPost(db, where);
  if (!row) throw notFound('Blog post');
  const { created_at, updated_at, ...fields } = row;
  return { ...fields, related: await loadRelatedTours(db, row.related_tours), createdAt: isoTime(created_at), updatedAt: isoTime(updated_at) };
}

/** Links must name records that exist, and the slug must be free: checked before writing. */
async function checkBlogPost(db: Kysely<Database>, post: BlogPostFields, exceptId: number | null) {
  await assertIdsExist(db, 'tours', post.related_tours, 'related_tours');
  await assertImagesExist(db, post, ['banner_id', 'overview_image_id']);
  if (await blogPostSlugTaken(db, post.slug, exceptId)) throw conflict(`Another blog post already has the slug "${post.slug}"`, 'slug');
}

const toRow = (post: BlogPostFields) => ({ ...withCleanRichText('blog-posts', post), related_tours: JSON.stringify(post.related_tours) });

/** `GET blog-posts`, `GET blog-posts/{slug}`, `POST/PUT blog-posts` and `DELETE blog-posts/{id}`. */
export function registerBlogPostRoutes(api: Api, { db }: AppContext) {
  api.get('/blog-posts', { schema: { querystring: contentListQuerySchema, response: { 200: listAnswerSchema(blogPostListItemSchema) } } }, async (request) => {
    const paging = listPaging(request.query);
    const list = await listBlogPosts(db, { pattern: request.query.q ? containsPattern(request.query.q) : null, limit: paging.limit, offset: paging.offset });
    const results = list.results.map(({ created_at, updated_at, ...row }) => ({ ...row, createdAt: isoTime(created_at), updatedAt: isoTime(updated_at) }));
    return listAnswer(paging, results, paging.paged ? await list.total() : results.length);
  });

  api.get('/blog-posts/:slug', { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: blogPostSchema } } }, async (request) => {
    const { slug } = request.params;
    // An address that is no slug but a number is the post's id (links made from the list's ids).
    const id = (await blogPostIdBySlug(db, slug)) ?? (/^\d{1,9}$/.test(slug) ? Number(slug) : null);
    if (id === null) throw notFound('Blog post');
    return loadBlogPost(db, { id });
  });

  api.post('/blog-posts', { schema: { body: blogPostCreateSchema, response: { 201: blogPostSchema } } }, async (request, reply) => {
    const id = await db.transaction().execute(async (trx) => {
      await checkBlogPost(trx, request.body, null);
      return insertBlogPost(trx, toRow(request.body));
    });
    return reply.status(201).send(await loadBlogPost(db, { id }));
  });

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof blogPostUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, related: _related, createdAt: _created, updatedAt: _updated, ...stored } = await loadBlogPost(trx, { id });
      if (storedVersion !== version) throw staleVersion('This blog post');
      const post = validateRecord(blogPostFieldsSchema, stored, changes);
      await checkBlogPost(trx, post, id);
      if (!(await updateBlogPost(trx, id, version, toRow(post)))) throw staleVersion('This blog post');
    });
    return loadBlogPost(db, { id });
  };
  api.put('/blog-posts/:id', { schema: { params: idParamSchema, body: blogPostUpdateSchema, response: { 200: blogPostSchema } } }, async (request) =>
    update(idOfUpdate(request.params.id, request.body.id), request.body),
  );
  api.put('/blog-posts', { schema: { body: blogPostUpdateSchema, response: { 200: blogPostSchema } } }, async (request) =>
    update(idOfUpdate(undefined, request.body.id), request.body),
  );

  api.delete('/blog-posts/:id', { schema: { params: idParamSchema, response: { 200: z.object({ id: z.number() }) } } }, async (request) => {
    const deleted = await deleteBlogPost(db, request.params.id);
    if (!deleted) throw notFound('Blog post');
    return deleted;
  });
}
