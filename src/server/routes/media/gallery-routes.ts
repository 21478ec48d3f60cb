import type { Kysely } from 'kysely';
import { galleriesEndpoints } from '../../../domain/contract/media.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound, staleVersion } from '../../http-errors.js';
import { findUsers } from '../../media/media-users.js';
import { registerEndpoint } from '../register-endpoint.js';
import { loadGalleries, loadGallery } from './media-rows.js';

/** Refuses ids that name no image, saying which. */
async function assertImagesExist(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return;
  const found = new Set((await db.selectFrom('media').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw badRequest(`${missing.length === 1 ? 'Image' : 'Images'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`, 'media');
}

/** The gallery's images become exactly `ids`, in that order. */
async function writeImages(db: Kysely<Database>, galleryId: number, ids: number[]) {
  await db.deleteFrom('gallery_media').where('gallery_id', '=', galleryId).execute();
  if (ids.length)
    await db
      .insertInto('gallery_media')
      .values(ids.map((mediaId, position) => ({ gallery_id: galleryId, media_id: mediaId, position })))
      .execute();
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
        const gallery = await trx.insertInto('galleries').defaultValues().returning('id').executeTakeFirstOrThrow();
        await writeImages(trx, gallery.id, media);
        return gallery.id;
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
        const existing = await trx.selectFrom('galleries').select(['id', 'version']).where('id', '=', request.params.id).forUpdate().executeTakeFirst();
        if (!existing) throw notFound('Gallery');
        if (version !== existing.version) throw staleVersion('This gallery');
        await assertImagesExist(trx, media);
        await writeImages(trx, existing.id, media);
        await trx
          .updateTable('galleries')
          .set({ version: existing.version + 1 })
          .where('id', '=', existing.id)
          .execute();
      });
      return loadGallery(db, request.params.id);
    },
    serialize,
  );
}
