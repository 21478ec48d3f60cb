import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Section = Database['pages']['section'] extends infer S ? Exclude<S, null> : never;
/** A page's own columns as the routes write them (rich text cleaned, related tours as JSON text). */
export type PageRow = Insertable<Database['pages']>;
export type PageSlideRow = Omit<Insertable<Database['page_slides']>, 'page_id' | 'position'>;
export type PageBlockRow = Omit<Insertable<Database['page_blocks']>, 'page_id' | 'position'>;

/** A page of the list (by title) in a section (`none`: top level) searched by title or slug, with the total when paged. */
export async function listPages(db: Kysely<Database>, options: { section?: Section | 'none'; pattern: string | null; limit: number | null; offset: number }) {
  let query = db.selectFrom('pages');
  const { section, pattern } = options;
  if (section === 'none') query = query.where('section', 'is', null);
  else if (section) query = query.where('section', '=', section);
  if (pattern) query = query.where((eb) => eb.or([eb(sql`lower(title)`, 'like', pattern), eb(sql`lower(slug)`, 'like', pattern)]));
  let rows = query
    .select(['id', 'version', 'title', 'slug', 'section', 'updated_at'])
    .orderBy(sql`lower(title)`)
    .orderBy('id');
  if (options.limit !== null) rows = rows.limit(options.limit).offset(options.offset);
  const results = await rows.execute();
  const total = async () => Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  return { results, total };
}

/** The page's row with its slides and blocks, each in order; null when there is none. */
export async function findPage(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const slides = await db
    .selectFrom('page_slides')
    .select(['name', 'subtitle', 'slug', 'type', 'media_id', 'order'])
    .where('page_id', '=', id)
    .orderBy('order')
    .orderBy('position')
    .execute();
  const blocks = await db
    .selectFrom('page_blocks')
    .select(['id', 'content', 'media_id', 'order'])
    .where('page_id', '=', id)
    .orderBy('order')
    .orderBy('position')
    .execute();
  return { row, slides, blocks };
}

const atAddress = (db: Kysely<Database>, section: Section | null, slug: string) => {
  const query = db.selectFrom('pages').select('id').where('slug', '=', slug);
  return section === null ? query.where('section', 'is', null) : query.where('section', '=', section);
};

/** The id of the page at an address (a top-level slug, or a section and slug); null when none is there. */
export async function pageIdAt(db: Kysely<Database>, section: Section | null, slug: string): Promise<number | null> {
  return (await atAddress(db, section, slug).executeTakeFirst())?.id ?? null;
}

/** Whether another page than `exceptId` is at the address. */
export async function pageAddressTaken(db: Kysely<Database>, section: Section | null, slug: string, exceptId: number | null): Promise<boolean> {
  let taken = atAddress(db, section, slug);
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId);
  return Boolean(await taken.executeTakeFirst());
}

export async function insertPage(trx: Kysely<Database>, row: PageRow): Promise<number> {
  return (await trx.insertInto('pages').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function replacePageSlides(trx: Kysely<Database>, pageId: number, slides: readonly PageSlideRow[]) {
  await trx.deleteFrom('page_slides').where('page_id', '=', pageId).execute();
  if (slides.length)
    await trx
      .insertInto('page_slides')
      .values(slides.map((slide, position) => ({ ...slide, page_id: pageId, position })))
      .execute();
}

export async function replacePageBlocks(trx: Kysely<Database>, pageId: number, blocks: readonly PageBlockRow[]) {
  await trx.deleteFrom('page_blocks').where('page_id', '=', pageId).execute();
  if (blocks.length)
    await trx
      .insertInto('page_blocks')
      .values(blocks.map((block, position) => ({ ...block, page_id: pageId, position })))
      .execute();
}

/** Moves the page to its next version (with `fields`) if it is still at `version` (any version when none is given); false when it is not. */
export async function bumpPageVersion(trx: Kysely<Database>, pageId: number, version: number | undefined, fields: Partial<PageRow> = {}): Promise<boolean> {
  let update = trx
    .updateTable('pages')
    .set({ ...fields, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', pageId);
  if (version !== undefined) update = update.where('version', '=', version);
  return Boolean((await update.executeTakeFirst()).numUpdatedRows);
}

export function deletePage(db: Kysely<Database>, id: number) {
  return db.deleteFrom('pages').where('id', '=', id).returning('id').executeTakeFirst();
}

/** Whether a tour, destination, region or offer (a slide's link) has the slug. */
export async function slideTargetExists(db: Kysely<Database>, table: 'tours' | 'destinations' | 'regions' | 'offers', slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst());
}
