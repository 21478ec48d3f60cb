import type { Kysely } from 'kysely';
import { galleriesEndpoints } from '../../../domain/contract/media.js';
import type { Api, AppContext } from '../../api-types.js';
import { insertGallery, lockGallery, replaceGalleryImages, setGalleryVersion } from '../../db/repositories/gallery-repository.js';
import { existingMediaIds } from '../../db/repositories/media-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound, staleVersion } from '../../http-errors.js';
import { findUsers } from '../../media/media-users.js';
import { registerEndpoint } from '../register-endpoint.js';
import { loadGalleries, loadGallery } from './media-rows.js';

/** Refuses ids that name no image, saying which. */
async function assertImagesExist(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return;
  const found = await existingMediaIds(db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw badRequest(`${missing.length === 1 ? 'Image' : 'Images'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`, 'media');
}

/** `POST galleries {media}`, `GET galleries`, `GET galleries/{id}`, `PUT galleries/{id} {media}`; order is kept as sent. */
export function registerGalleryRoutes(app: Api, { db }: AppContext) {
  const serialize = { serialize: true };
  registerEndpoint(
    app,
    galleriesEndpoints.create,
    async (request, reply) => {
      const { media } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        await assertImagesExist(trx, media);
        const galleryId = await insertGallery(trx);
        await replaceGalleryImages(trx, galleryId, media);
        return galleryId;
      });
      reply.status(201);
      return loadGallery(db, id);
    },
    serialize,
  );

  registerEndpoint(
    app,
    galleriesEndpoints.list,
    async () => {
      const galleries = await loadGalleries(db, 'all');
      const users = await findUsers(
        db,
        'galleries',
        galleries.map((gallery) => gallery.id),
      );
      return galleries.map((gallery) => ({ ...gallery, used_by: users.get(gallery.id) ?? [] }));
    },
    serialize,
  );

  registerEndpoint(app, galleriesEndpoints.read, async (request) => loadGallery(db, request.params.id), serialize);

  registerEndpoint(
    app,
    galleriesEndpoints.save,
    async (request) => {
      const { media, version } = request.body;
      await db.transaction().execute(async (trx) => {
        const existing = await lockGallery(trx, request.params.id);
        if (!existing) throw notFound('Gallery');
        if (version !== existing.version) throw staleVersion('This gallery');
        await assertImagesExist(trx, media);
        await replaceGalleryImages(trx, existing.id, media);
        await setGalleryVersion(trx, existing.id, existing.version + 1);
      });
      return loadGallery(db, request.params.id);
    },
    serialize,
  );
}
