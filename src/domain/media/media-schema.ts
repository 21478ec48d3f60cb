import { z } from 'zod';
import { requiredVersionField } from '../reference/reference-fields.js';
import { idListSchema } from '../tours/form-values.js';

/** Images per page of the library; "Load more images" asks for the next page. */
export const MEDIA_PAGE_SIZE = 40;

/** What the library accepts: PNG and JPEG (SPEC.md section 5), recognised by their bytes. */
export const MEDIA_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type MediaMimeType = keyof typeof MEDIA_TYPES;
export const ACCEPTED_UPLOAD_TYPES = Object.keys(MEDIA_TYPES).join(',');
export const MEDIA_TYPE_REFUSAL = 'Only PNG and JPEG images can be uploaded';

/**
 * Largest picture accepted, in pixels, read from its header before it is decoded: a 372 KB
 * 16-bit PNG of 7000 x 7000 unpacks to 294 MB and cost 1.6 s of a core.
 */
export const MEDIA_MAX_PIXELS = 40_000_000;

/** Most images one upload may carry. */
export const MEDIA_MAX_FILES_PER_UPLOAD = 10;

/** Default largest upload, per file; the server's MEDIA_MAX_BYTES may change it. */
export const MEDIA_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;

/**
 * The smaller copies made at upload. A copy's address is the image's url with the size's suffix
 * before the extension (`/media-files/ab12.jpg` -> `/media-files/ab12-300x300.jpg`): the images
 * fit inside the box, keeping their proportions.
 */
export const MEDIA_SIZES = {
  thumbnail: { suffix: '-300x300', width: 300, height: 300 },
  medium: { suffix: '-1024x1024', width: 1024, height: 1024 },
} as const;
export type MediaSize = keyof typeof MEDIA_SIZES;

/** The address of one of an image's sizes. */
export const mediaSizeUrl = (url: string, size: MediaSize) => url.replace(/(\.[a-z0-9]+)$/i, `${MEDIA_SIZES[size].suffix}$1`);

/** Where the stored files are served (outside the API, so an <img> needs no token). */
export const MEDIA_FILES_PATH = '/media-files';

export const MEDIA_TEXT_LIMITS = { title: 200, caption: 1000, alt: 300, credit: 200 } as const;
export const MEDIA_TEXT_FIELDS = ['title', 'caption', 'alt', 'credit'] as const;
export type MediaTextField = (typeof MEDIA_TEXT_FIELDS)[number];
export const MEDIA_TEXT_LABELS: Record<MediaTextField, string> = { title: 'Title', caption: 'Caption', alt: 'Alt', credit: 'Credit' };

const text = (field: MediaTextField) =>
  z.string('Must be text').trim().max(MEDIA_TEXT_LIMITS[field], `${MEDIA_TEXT_LABELS[field]} may be at most ${MEDIA_TEXT_LIMITS[field]} characters`);

/** The words staff give an image: at upload (as upload_title, ...) and in its attachment details. */
export const mediaTextSchema = z.object({
  title: text('title').default(''),
  caption: text('caption').default(''),
  alt: text('alt').default(''),
  credit: text('credit').default(''),
});
export type MediaText = z.infer<typeof mediaTextSchema>;

/** `PUT media/{id}`, with the version read: without it the save would overwrite whatever is stored. */
export const mediaUpdateSchema = mediaTextSchema.extend({ version: requiredVersionField });
export type MediaUpdate = z.input<typeof mediaUpdateSchema>;

/** An image of the library, as the API returns it (SPEC.md section 3 plus what the upload was). */
export const mediaSchema = z.object({
  id: z.number(),
  url: z.string(),
  title: z.string(),
  caption: z.string(),
  alt: z.string(),
  credit: z.string(),
  createdAt: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  width: z.number(),
  height: z.number(),
  size_bytes: z.number(),
  version: z.number(),
});
export type Media = z.infer<typeof mediaSchema>;

/** `GET media/{id}` also says what uses the image, so staff know before they delete it. */
export const mediaDetailSchema = mediaSchema.extend({ used_by: z.array(z.string()) });
export type MediaDetail = z.infer<typeof mediaDetailSchema>;

/** `GET media/page/{n}`: one page, newest first; nextPage is null on the last page. */
export const mediaPageSchema = z.object({ results: z.array(mediaSchema), nextPage: z.number().nullable() });
export type MediaPage = z.infer<typeof mediaPageSchema>;

export const GALLERY_MAX_IMAGES = 500;

/** `POST galleries`: the images in their order. */
export const galleryBodySchema = z.object({
  media: idListSchema.refine((ids) => ids.length <= GALLERY_MAX_IMAGES, `A gallery holds at most ${GALLERY_MAX_IMAGES} images`),
});
export type GalleryBody = z.input<typeof galleryBodySchema>;

/** `PUT galleries/{id}`: the images in their order, with the gallery's version as read. */
export const galleryUpdateSchema = galleryBodySchema.extend({ version: requiredVersionField });

export const gallerySchema = z.object({ id: z.number(), version: z.number(), createdAt: z.string(), media: z.array(mediaSchema) });
export type Gallery = z.infer<typeof gallerySchema>;

/** `GET galleries`: each gallery with its images and what uses it, to pick from. */
export const galleryListItemSchema = gallerySchema.extend({ used_by: z.array(z.string()) });
export type GalleryListItem = z.infer<typeof galleryListItemSchema>;
