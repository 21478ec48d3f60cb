import type { z } from 'zod';
import { PAGE_SECTIONS } from '../../../domain/content/content-constants.js';
import { pageFieldsSchema, type pageUpdateSchema } from '../../../domain/content/page.js';
import { pagesEndpoints } from '../../../domain/contract/content.js';
import type { Api, AppContext } from '../../api-types.js';
import { deletePage, insertPage, listPages } from '../../db/repositories/content-pages.js';
import { notFound, staleVersion } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { containsPattern, idOfUpdate, isoTime, listAnswer, listPaging, serialize, validateRecord } from './content-route-helpers.js';
import { bumpPageVersion, checkBlocks, checkPage, findPageId, loadPage, toPageRow, writeBlocks, writeSlides } from './page-store.js';

const isSection = (value: string): value is (typeof PAGE_SECTIONS)[number] => (PAGE_SECTIONS as readonly string[]).includes(value);

/**
 * `GET pages`, `GET pages/{slug}` and `pages/{section}/{slug}`, `POST pages`, `PUT pages` and
 * `pages/{id}`, `PUT pages/{id}/blocks` and `DELETE pages/{id}`. A page's slides, blocks and
 * fields are saved together in one transaction.
 */
export function registerPageRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(
    api,
    pagesEndpoints.list,
    async (request) => {
      const paging = listPaging(request.query);
      const pattern = request.query.q ? containsPattern(request.query.q) : null;
      const list = await listPages(db, { section: request.query.section, pattern, limit: paging.limit, offset: paging.offset });
      const results = list.results.map(({ updated_at, ...row }) => ({ ...row, updatedAt: isoTime(updated_at) }));
      return listAnswer(paging, results, paging.paged ? await list.total() : results.length);
    },
    serialize,
  );

  registerEndpoint(
    api,
    pagesEndpoints.read,
    async (request) => {
      const { slug } = request.params;
      const id = await findPageId(db, null, slug).catch((error: unknown) => {
        // An address that is no top-level slug but a number is the page's id.
        if (/^\d{1,9}$/.test(slug)) return Number(slug);
        throw error;
      });
      return loadPage(db, id);
    },
    serialize,
  );

  registerEndpoint(
    api,
    pagesEndpoints.readInSection,
    async (request) => {
      const { section, slug } = request.params;
      if (!isSection(section)) throw notFound('Page');
      return loadPage(db, await findPageId(db, section, slug));
    },
    serialize,
  );

  registerEndpoint(
    api,
    pagesEndpoints.create,
    async (request, reply) => {
      const { blocks, ...page } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        await checkPage(trx, page, null);
        if (blocks) await checkBlocks(trx, blocks);
        const id = await insertPage(trx, toPageRow(page));
        await writeSlides(trx, id, page);
        if (blocks) await writeBlocks(trx, id, blocks);
        return id;
      });
      reply.status(201);
      return loadPage(db, id);
    },
    serialize,
  );

  const update = async (id: number, { version, id: _id, blocks, ...changes }: z.output<typeof pageUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const {
        id: _storedId,
        version: storedVersion,
        blocks: _blocks,
        related: _related,
        createdAt: _created,
        updatedAt: _updated,
        ...stored
      } = await loadPage(trx, id);
      if (storedVersion !== version) throw staleVersion('This page');
      const page = validateRecord(pageFieldsSchema, stored, changes);
      await checkPage(trx, page, id);
      if (blocks) await checkBlocks(trx, blocks);
      await bumpPageVersion(trx, id, version, toPageRow(page));
      await writeSlides(trx, id, page);
      if (blocks) await writeBlocks(trx, id, blocks);
    });
    return loadPage(db, id);
  };
  registerEndpoint(api, pagesEndpoints.save, async (request) => update(idOfUpdate(request.params.id, request.body.id), request.body), serialize);
  registerEndpoint(api, pagesEndpoints.saveWithIdInBody, async (request) => update(idOfUpdate(undefined, request.body.id), request.body), serialize);

  registerEndpoint(
    api,
    pagesEndpoints.saveBlocks,
    async (request) => {
      const { id } = request.params;
      const { blocks, version } = request.body;
      await db.transaction().execute(async (trx) => {
        await loadPage(trx, id);
        await checkBlocks(trx, blocks);
        await bumpPageVersion(trx, id, version);
        await writeBlocks(trx, id, blocks);
      });
      return loadPage(db, id);
    },
    serialize,
  );

  registerEndpoint(
    api,
    pagesEndpoints.remove,
    async (request) => {
      const deleted = await deletePage(db, request.params.id);
      if (!deleted) throw notFound('Page');
      return deleted;
    },
    serialize,
  );
}
