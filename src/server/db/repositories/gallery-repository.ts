import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The galleries (all, or those among `ids`), newest first. */
export function listGalleryRows(db: Kysely<Database>, ids: readonly number[] | 'all') {
  let query = db.selectFrom('galleries').selectAll().orderBy('id', 'desc');
  if (ids !== 'all') query = query.where('id', 'in', ids.length ? [...ids] : [-1]);
  return query.execute();
}

/** The images of the given galleries with their gallery's id, by gallery then position. */
export function listGalleryImages(db: Kysely<Database>, galleryIds: readonly number[]) {
  return db
    .selectFrom('gallery_media')
    .innerJoin('media', 'media.id', 'gallery_media.media_id')
    .selectAll('media')
    .select('gallery_media.gallery_id')
    .where('gallery_media.gallery_id', 'in', [...galleryIds])
    .orderBy('gallery_media.gallery_id')
    .orderBy('gallery_media.position')
    .execute();
}

export async function insertGallery(trx: Kysely<Database>): Promise<number> {
  return (await trx.insertInto('galleries').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
}

/** The gallery's id and version, its row locked until the transaction ends. */
export function lockGallery(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('galleries').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setGalleryVersion(trx: Kysely<Database>, id: number, version: number): Promise<void> {
  await trx.updateTable('galleries').set({ version }).where('id', '=', id).execute();
}

/** The gallery's images become exactly `mediaIds`, in that order. */
export async function replaceGalleryImages(trx: Kysely<Database>, galleryId: number, mediaIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('gallery_media').where('gallery_id', '=', galleryId).execute();
  if (mediaIds.length)
    await trx
      .insertInto('gallery_media')
      .values(mediaIds.map((mediaId, position) => ({ gallery_id: galleryId, media_id: mediaId, position })))
      .execute();
}
