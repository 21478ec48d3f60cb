import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { blogPostFieldsSchema, blogPostUpdateSchema, type BlogPost, type BlogPostFields } from '../../../domain/content/blog-post.js';
import { blogPostsEndpoints } from '../../../domain/contract/content.js';
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
import { assertImagesExist, containsPattern, idOfUpdate, isoTime, listAnswer, listPaging, serialize, validateRecord } from './content-route-helpers.js';
import { registerEndpoint } from '../register-endpoint.js';
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
  registerEndpoint(
    api,
    blogPostsEndpoints.list,
    async (request) => {
      const paging = listPaging(request.query);
      const list = await listBlogPosts(db, { pattern: request.query.q ? containsPattern(request.query.q) : null, limit: paging.limit, offset: paging.offset });
      const results = list.results.map(({ created_at, updated_at, ...row }) => ({ ...row, createdAt: isoTime(created_at), updatedAt: isoTime(updated_at) }));
      return listAnswer(paging, results, paging.paged ? await list.total() : results.length);
    },
    serialize,
  );

  registerEndpoint(
    api,
    blogPostsEndpoints.read,
    async (request) => {
      const { slug } = request.params;
      // An address that is no slug but a number is the post's id (links made from the list's ids).
      const id = (await blogPostIdBySlug(db, slug)) ?? (/^\d{1,9}$/.test(slug) ? Number(slug) : null);
      if (id === null) throw notFound('Blog post');
      return loadBlogPost(db, { id });
    },
    serialize,
  );

  registerEndpoint(
    api,
    blogPostsEndpoints.create,
    async (request, reply) => {
      const id = await db.transaction().execute(async (trx) => {
        await checkBlogPost(trx, request.body, null);
        return insertBlogPost(trx, toRow(request.body));
      });
      reply.status(201);
      return loadBlogPost(db, { id });
    },
    serialize,
  );

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
  registerEndpoint(api, blogPostsEndpoints.save, async (request) => update(idOfUpdate(request.params.id, request.body.id), request.body), serialize);
  registerEndpoint(api, blogPostsEndpoints.saveWithIdInBody, async (request) => update(idOfUpdate(undefined, request.body.id), request.body), serialize);

  registerEndpoint(
    api,
    blogPostsEndpoints.remove,
    async (request) => {
      const deleted = await deleteBlogPost(db, request.params.id);
      if (!deleted) throw notFound('Blog post');
      return deleted;
    },
    serialize,
  );
}
