import { mediaEndpoints } from '../../../domain/contract/media.js';
import { MEDIA_PAGE_SIZE } from '../../../domain/media/media-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { deleteMedia, searchMedia, updateMediaText } from '../../db/repositories/media-repository.js';
import { removeImageFiles } from '../../media/media-storage.js';
import { mediaStoreOf } from '../../media/media-store.js';
import { findUsers, inUseSentence } from '../../media/media-users.js';
import { conflict, staleVersion } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { findMediaRow, toMedia } from './media-rows.js';

/**
 * `GET media/page/{n}` and `media/page/{n}/all/{search}` (newest first; every word of the search
 * must appear in the title, caption, alt, credit or file name), `GET`, `PUT` and `DELETE media/{id}`.
 */
export function registerMediaRoutes(app: Api, { db, config }: AppContext) {
  const page = async (n: number, search: string) => {
    const words = search.trim().split(/\s+/).filter(Boolean);
    // One row more than a page says whether there is a next page.
    const rows = await searchMedia(db, words, MEDIA_PAGE_SIZE + 1, (n - 1) * MEDIA_PAGE_SIZE);
    return { results: rows.slice(0, MEDIA_PAGE_SIZE).map(toMedia), nextPage: rows.length > MEDIA_PAGE_SIZE ? n + 1 : null };
  };

  const serialize = { serialize: true };
  registerEndpoint(app, mediaEndpoints.page, async (request) => page(request.params.n, ''), serialize);
  registerEndpoint(app, mediaEndpoints.search, async (request) => page(request.params.n, request.params.search), serialize);

  registerEndpoint(
    app,
    mediaEndpoints.read,
    async (request) => {
      const row = await findMediaRow(db, request.params.id);
      const users = await findUsers(db, 'media', [row.id]);
      return { ...toMedia(row), used_by: users.get(row.id) ?? [] };
    },
    serialize,
  );

  registerEndpoint(
    app,
    mediaEndpoints.save,
    async (request) => {
      const { version, ...text } = request.body;
      const existing = await findMediaRow(db, request.params.id);
      if (version !== existing.version) throw staleVersion('This image');
      const updated = await updateMediaText(db, existing.id, existing.version, text);
      if (!updated) throw staleVersion('This image');
      return toMedia(updated);
    },
    serialize,
  );

  registerEndpoint(
    app,
    mediaEndpoints.remove,
    async (request) => {
      const removed = await db.transaction().execute(async (trx) => {
        const row = await findMediaRow(trx, request.params.id);
        const users = (await findUsers(trx, 'media', [row.id])).get(row.id) ?? [];
        if (users.length) throw conflict(inUseSentence('This image', users));
        // A use added meanwhile is still refused by the foreign keys (409 from the error handler).
        await deleteMedia(trx, row.id);
        return row;
      });
      // The files go once the row is gone for good; a crash in between leaves files, never a broken row.
      await removeImageFiles(mediaStoreOf(config), removed.file_name);
      return { id: removed.id };
    },
    serialize,
  );
}
