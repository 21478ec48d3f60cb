import type { Kysely } from 'kysely';
import { withoutSlugSuffix } from '../../../domain/content/content-constants.js';
import type { Page, PageFields } from '../../../domain/content/page.js';
import type { pageBlockSchema } from '../../../domain/content/page.js';
import type { z } from 'zod';
import {
  bumpPageVersion as bumpStoredPageVersion,
  findPage,
  pageAddressTaken,
  pageIdAt,
  replacePageBlocks,
  replacePageSlides,
  slideTargetExists,
} from '../../db/repositories/content-pages.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { assertImagesExist, isoTime } from './content-route-helpers.js';
import { loadRelatedTours } from '../../db/repositories/content-related-tours.js';

type BlockInput = z.output<typeof pageBlockSchema>;
const SLIDE_TABLES = { tours: 'tours', destinations: 'destinations', regions: 'regions', offers: 'offers' } as const;

/** The whole page as `GET pages/{slug}` answers: fields, slides (meta.inspiration) and blocks, each in order. */
export async function loadPage(db: Kysely<Database>, id: number): Promise<Page> {
  const found = await findPage(db, id);
  if (!found) throw notFound('Page');
  const { row, slides, blocks } = found;
  const { created_at, updated_at, ...fields } = row;
  return {
    ...fields,
    meta: { inspiration: slides },
    blocks,
    related: await loadRelatedTours(db, row.related_tours),
    createdAt: isoTime(created_at),
    updatedAt: isoTime(updated_at),
  };
}

/** The id of the page at an address: a top-level slug, or a section and slug. */
export async function findPageId(db: Kysely<Database>, section: string | null, slug: string): Promise<number> {
  const id = await pageIdAt(db, section as 'inspiration' | 'explore' | null, slug);
  if (id === null) throw notFound('Page');
  return id;
}

/** Everything a page links to must exist, and its address must be free: checked before writing. */
export async function checkPage(db: Kysely<Database>, page: PageFields, exceptId: number | null) {
  if (await pageAddressTaken(db, page.section, page.slug, exceptId)) {
    throw conflict(
      page.section ? `Another ${page.section} page already has the slug "${page.slug}"` : `Another page already has the slug "${page.slug}"`,
      'slug',
    );
  }
  await assertIdsExist(db, 'tours', page.related_tours, 'related_tours');
  await assertIdsExist(db, 'destinations', page.destination_id === null ? [] : [page.destination_id], 'destination_id');
  await assertImagesExist(db, page, ['media_id', 'banner_id', 'overview_image_id']);
  for (const [index, slide] of page.meta.inspiration.entries()) {
    const kind = withoutSlugSuffix(slide.type) as keyof typeof SLIDE_TABLES;
    if (!(await slideTargetExists(db, SLIDE_TABLES[kind], slide.slug)))
      throw badRequest(`No ${kind.replace(/s$/, '')} has the slug "${slide.slug}"`, `meta.inspiration.${index}.slug`);
    await assertImagesExist(db, slide, ['media_id']).catch(() =>
      Promise.reject(badRequest(`Image ${slide.media_id} does not exist`, `meta.inspiration.${index}.media_id`)),
    );
  }
}

export async function checkBlocks(db: Kysely<Database>, blocks: BlockInput[]) {
  for (const [index, block] of blocks.entries()) {
    await assertImagesExist(db, block, ['media_id']).catch(() =>
      Promise.reject(badRequest(`Image ${block.media_id} does not exist`, `blocks.${index}.media_id`)),
    );
  }
}

export const toPageRow = ({ meta: _meta, ...page }: PageFields) => ({ ...withCleanRichText('pages', page), related_tours: JSON.stringify(page.related_tours) });

export const writeSlides = (trx: Kysely<Database>, pageId: number, page: PageFields) => replacePageSlides(trx, pageId, page.meta.inspiration);

export const writeBlocks = (trx: Kysely<Database>, pageId: number, blocks: BlockInput[]) =>
  replacePageBlocks(
    trx,
    pageId,
    blocks.map((block) => withCleanRichText('page-blocks', block)),
  );

/** Moves the page to its next version if it is still at `version` (any version when none is sent); 409 when it is not. */
export async function bumpPageVersion(trx: Kysely<Database>, pageId: number, version: number | undefined, fields: ReturnType<typeof toPageRow> | object = {}) {
  if (!(await bumpStoredPageVersion(trx, pageId, version, fields))) throw staleVersion('This page');
}
