import { sql, type Kysely } from 'kysely';
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
import type { Database } from '../../db/schema.js';
import { conflict, notFound, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import { assertImagesExist, containsPattern, idOfUpdate, idParamSchema, isoTime, listAnswer, listAnswerSchema, listPaging, validateRecord } from './content-route-helpers.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { loadRelatedTours } from './load-related-tours.js';

async function loadBlogPost(db: Kysely<Database>, where: { id: number } | { slug: string }): Promise<BlogPost> {
  let query = db.selectFrom('blog_posts').selectAll();
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('slug', '=', where.slug);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Blog post');
  const { created_at, updated_at, ...fields } = row;
  return { ...fields, related: await loadRelatedTours(db, row.related_tours), createdAt: isoTime(created_at), updatedAt: isoTime(updated_at) };
}

/** Links must name records that exist, and the slug must be free: checked before writing. */
async function checkBlogPost(db: Kysely<Database>, post: BlogPostFields, exceptId: number | null) {
  await assertIdsExist(db, 'tours', post.related_tours, 'related_tours');
  await assertImagesExist(db, post, ['banner_id', 'overview_image_id']);
  let taken = db.selectFrom('blog_posts').select('id').where('slug', '=', post.slug);
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId);
  if (await taken.executeTakeFirst()) throw conflict(`Another blog post already has the slug "${post.slug}"`, 'slug');
}

const toRow = (post: BlogPostFields) => ({ ...withCleanRichText('blog-posts', post), related_tours: JSON.stringify(post.related_tours) });

/** `GET blog-posts`, `GET blog-posts/{slug}`, `POST/PUT blog-posts` and `DELETE blog-posts/{id}`. */
export function registerBlogPostRoutes(api: Api, { db }: AppContext) {
  api.get('/blog-posts', { schema: { querystring: contentListQuerySchema, response: { 200: listAnswerSchema(blogPostListItemSchema) } } }, async (request) => {
    const paging = listPaging(request.query);
    const q = request.query.q ? containsPattern(request.query.q) : null;
    let query = db.selectFrom('blog_posts');
    if (q) query = query.where((eb) => eb.or([eb(sql`lower(title)`, 'like', q), eb(sql`lower(slug)`, 'like', q)]));
    let rows = query.select(['id', 'version', 'title', 'slug', 'show_on_homepage', 'created_at', 'updated_at']).orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (paging.limit !== null) rows = rows.limit(paging.limit).offset(paging.offset);
    const results = (await rows.execute()).map(({ created_at, updated_at, ...row }) => ({ ...row, createdAt: isoTime(created_at), updatedAt: isoTime(updated_at) }));
    const total = paging.paged ? Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total) : results.length;
    return listAnswer(paging, results, total);
  });

  api.get('/blog-posts/:slug', { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: blogPostSchema } } }, async (request) => {
    const { slug } = request.params;
    const bySlug = await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst();
    // An address that is no slug but a number is the post's id (links made from the list's ids).
    const id = bySlug?.id ?? (/^\d{1,9}$/.test(slug) ? Number(slug) : null);
    if (id === null) throw notFound('Blog post');
    return loadBlogPost(db, { id });
  });

  api.post('/blog-posts', { schema: { body: blogPostCreateSchema, response: { 201: blogPostSchema } } }, async (request, reply) => {
    const id = await db.transaction().execute(async (trx) => {
      await checkBlogPost(trx, request.body, null);
      return (await trx.insertInto('blog_posts').values(toRow(request.body)).returning('id').executeTakeFirstOrThrow()).id;
    });
    return reply.status(201).send(await loadBlogPost(db, { id }));
  });

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof blogPostUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, related: _related, createdAt: _created, updatedAt: _updated, ...stored } = await loadBlogPost(trx, { id });
      if (storedVersion !== version) throw staleVersion('This blog post');
      const post = validateRecord(blogPostFieldsSchema, stored, changes);
      await checkBlogPost(trx, post, id);
      const written = await trx
        .updateTable('blog_posts')
        .set({ ...toRow(post), updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!written.numUpdatedRows) throw staleVersion('This blog post');
    });
    return loadBlogPost(db, { id });
  };
  api.put('/blog-posts/:id', { schema: { params: idParamSchema, body: blogPostUpdateSchema, response: { 200: blogPostSchema } } }, async (request) =>
    update(idOfUpdate(request.params.id, request.body.id), request.body),
  );
  api.put('/blog-posts', { schema: { body: blogPostUpdateSchema, response: { 200: blogPostSchema } } }, async (request) => update(idOfUpdate(undefined, request.body.id), request.body));

  api.delete('/blog-posts/:id', { schema: { params: idParamSchema, response: { 200: z.object({ id: z.number() }) } } }, async (request) => {
    const deleted = await db.deleteFrom('blog_posts').where('id', '=', request.params.id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound('Blog post');
    return deleted;
  });
}
