import type { Kysely, Selectable } from 'kysely';
import { MEDIA_FILES_PATH, type Gallery, type Media } from '../../../domain/media/media-schema.js';
import { listGalleryImages, listGalleryRows } from '../../db/repositories/gallery-repository.js';
import { findMedia } from '../../db/repositories/media-repository.js';
import type { Database, MediaTable } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/** An image row as the API shows it: its address instead of its file, createdAt as SPEC.md names it. */
export function toMedia(row: Selectable<MediaTable>): Media {
  return {
    id: row.id,
    url: `${MEDIA_FILES_PATH}/${row.file_name}`,
    title: row.title,
    caption: row.caption,
    alt: row.alt,
    credit: row.credit,
    createdAt: new Date(row.created_at).toISOString(),
    file_name: row.original_name,
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    size_bytes: row.size_bytes,
    version: row.version,
  };
}

export async function findMediaRow(db: Kysely<Database>, id: number) {
  return (await findMedia(db, id)) ?? Promise.reject(notFound('Image'));
}

/** Galleries with their images in order. */
export async function loadGalleries(db: Kysely<Database>, ids: number[] | 'all'): Promise<Gallery[]> {
  const galleries = await listGalleryRows(db, ids);
  if (!galleries.length) return [];
  const items = await listGalleryImages(
    db,
    galleries.map((gallery) => gallery.id),
  );
  return galleries.map((gallery) => ({
    id: gallery.id,
    version: gallery.version,
    createdAt: new Date(gallery.created_at).toISOString(),
    media: items.filter((item) => item.gallery_id === gallery.id).map(({ gallery_id: _gallery, ...row }) => toMedia(row)),
  }));
}

export async function loadGallery(db: Kysely<Database>, id: number): Promise<Gallery> {
  const [gallery] = await loadGalleries(db, [id]);
  return gallery ?? Promise.reject(notFound('Gallery'));
}
