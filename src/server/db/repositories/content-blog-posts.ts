import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** A blog post's columns as the routes write them (rich text cleaned, related tours as JSON text). */
export type BlogPostRow = Insertable<Database['blog_posts']>;

/** A page of the list (newest first) searched by title or slug (`pattern` for LIKE), with the total when paged. */
export async function listBlogPosts(db: Kysely<Database>, options: { pattern: string | null; limit: number | null; offset: number }) {
  let query = db.selectFrom('blog_posts');
  const { pattern } = options;
  if (pattern) query = query.where((eb) => eb.or([eb(sql`lower(title)`, 'like', pattern), eb(sql`lower(slug)`, 'like', pattern)]));
  let rows = query
    .select(['id', 'version', 'title', 'slug', 'show_on_homepage', 'created_at', 'updated_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (options.limit !== null) rows = rows.limit(options.limit).offset(options.offset);
  const results = await rows.execute();
  const total = async () => Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  return { results, total };
}

export function findBlogPost(db: Kysely<Database>, where: { id: number } | { slug: string }) {
  const query = db.selectFrom('blog_posts').selectAll();
  return ('id' in where ? query.where('id', '=', where.id) : query.where('slug', '=', where.slug)).executeTakeFirst();
}

export async function blogPostIdBySlug(db: Kysely<Database>, slug: string): Promise<number | null> {
  return (await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst())?.id ?? null;
}

/** Whether another post than `exceptId` already has the slug. */
export async function blogPostSlugTaken(db: Kysely<Database>, slug: string, exceptId: number | null): Promise<boolean> {
  let taken = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId);
  return Boolean(await taken.executeTakeFirst());
}

export async function insertBlogPost(trx: Kysely<Database>, row: BlogPostRow): Promise<number> {
  return (await trx.insertInto('blog_posts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the post only if it is still at `version`; false when someone changed it. */
export async function updateBlogPost(trx: Kysely<Database>, id: number, version: number, row: BlogPostRow): Promise<boolean> {
  const written = await trx
    .updateTable('blog_posts')
    .set({ ...row, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Boolean(written.numUpdatedRows);
}

export function deleteBlogPost(db: Kysely<Database>, id: number) {
  return db.deleteFrom('blog_posts').where('id', '=', id).returning('id').executeTakeFirst();
}
