import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_MAX_PIXELS, MEDIA_SIZES, MEDIA_TYPE_REFUSAL, MEDIA_TYPES, type MediaMimeType } from '../../domain/media/media-schema.js';
import { badRequest } from '../http-errors.js';
import { readImageHeader } from './image-header.js';
import { runImageWork } from './image-work-pool.js';
import type { MediaStore } from './media-store.js';

/** Larger pictures are refused before they are decoded: a small file can unpack to gigabytes. */
export const MAX_IMAGE_PIXELS = MEDIA_MAX_PIXELS;

const SIZE_SUFFIXES = Object.values(MEDIA_SIZES).map((size) => size.suffix.slice(1));
// Only names this module makes: 32 hex digits, an optional size suffix, .png or .jpg. Nothing
// else (no slash, no dot-dot, no other extension) can name a file on disk.
const STORED_NAME = new RegExp(`^[0-9a-f]{32}(?:-(?:${SIZE_SUFFIXES.join('|')}))?\\.(?:png|jpg)$`);

export type StoredImage = { fileName: string; mimeType: MediaMimeType; width: number; height: number; sizeBytes: number };

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

async function notAPicture(bytes: Buffer, label: string) {
  const detected = await fileTypeFromBuffer(bytes);
  const content = detected ? `its content is ${detected.ext.toUpperCase()} data` : 'its content is not a picture';
  return badRequest(`${label} is not a PNG or JPEG image (${content}). ${MEDIA_TYPE_REFUSAL}.`, 'upload');
}

const tooManyPixels = (label: string, pixels: number) =>
  badRequest(`${label} has ${megapixels(pixels)}; at most ${megapixels(MAX_IMAGE_PIXELS)} are accepted.`, 'upload');

/**
 * Checks the first bytes of an upload while the rest is still arriving: refuses (400) what is not
 * a PNG or JPEG, or whose header gives more pixels than accepted. True once the header has been
 * read and passed; false while more bytes are needed (the whole file is checked again at the end).
 */
export async function checkImageStart(bytes: Buffer, label: string): Promise<boolean> {
  const header = readImageHeader(bytes);
  if (header.kind === 'not-accepted') throw await notAPicture(bytes, label);
  if (header.kind === 'need-more') return false;
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw tooManyPixels(label, header.width * header.height);
  return true;
}

/**
 * Checks that the bytes are a PNG or JPEG picture that decodes, whatever the file was called.
 * `label` names the file in the refusal.
 */
export async function inspectImage(bytes: Buffer, label: string): Promise<{ mimeType: MediaMimeType; width: number; height: number }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(detected.mime in MEDIA_TYPES)) throw await notAPicture(bytes, label);
  let metadata: Metadata;
  try {
    metadata = await runImageWork(() => sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(`${label} could not be read as an image; it may be damaged.`, 'upload');
  }
  const { width = 0, height = 0, orientation = 1 } = metadata;
  if (width * height > MAX_IMAGE_PIXELS) throw tooManyPixels(label, width * height);
  if (!width || !height) throw badRequest(`${label} could not be read as an image; it may be damaged.`, 'upload');
  // EXIF orientations 5-8 turn the picture a quarter: it is shown (and resized) the other way round.
  const turned = orientation >= 5;
  return { mimeType: detected.mime as MediaMimeType, width: turned ? height : width, height: turned ? width : height };
}

/**
 * Stores an upload under a new random name in `store`, with its smaller sizes made now. The name
 * given by the uploader never reaches the store. Either every file is written or none is left.
 * `fixedName` (32 hex digits) replaces the random name for a picture the seed draws: made from its
 * drawing, the same name is always the same picture, so a file already there is written over.
 */
export async function storeImage(store: MediaStore, bytes: Buffer, label: string, fixedName?: string): Promise<StoredImage> {
  const { mimeType, width, height } = await inspectImage(bytes, label);
  const extension = MEDIA_TYPES[mimeType];
  const base = fixedName ?? randomBytes(16).toString('hex');
  const fileName = `${base}.${extension}`;
  // Every size is made before anything is written: a picture that fails to decode leaves nothing.
  // The upload is decoded once, for the largest size; each smaller size is made from the last.
  const sizes: { name: string; bytes: Buffer }[] = [];
  try {
    let source = bytes;
    const largestFirst = Object.values(MEDIA_SIZES).sort((a, b) => b.width * b.height - a.width * a.height);
    for (const size of largestFirst) {
      const input = source;
      source = await runImageWork(() => {
        const resized = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true });
        return (mimeType === 'image/png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
      });
      sizes.push({ name: `${base}${size.suffix}.${extension}`, bytes: source });
    }
  } catch {
    throw badRequest(`${label} could not be read as an image; it may be damaged.`, 'upload');
  }
  const written: string[] = [];
  try {
    for (const file of [{ name: fileName, bytes }, ...sizes]) {
      await store.write(file.name, file.bytes, { replace: fixedName !== undefined, contentType: mimeType });
      written.push(file.name);
    }
  } catch (error) {
    await Promise.all(written.map((name) => store.remove(name)));
    throw error;
  }
  return { fileName, mimeType, width, height, sizeBytes: bytes.length };
}

/** Every stored file of an image (the upload and its sizes). */
export function storedFileNames(fileName: string): string[] {
  const dot = fileName.lastIndexOf('.');
  const base = fileName.slice(0, dot);
  const extension = fileName.slice(dot);
  return [fileName, ...Object.values(MEDIA_SIZES).map((size) => `${base}${size.suffix}${extension}`)];
}

/** Removes an image's files; a file already gone is no error. */
export async function removeImageFiles(store: MediaStore, fileName: string): Promise<void> {
  await Promise.all(storedFileNames(fileName).map((name) => (STORED_NAME.test(name) ? store.remove(name) : undefined)));
}

/**
 * The type of a stored file asked for by name, or null when the name is not one this module
 * makes. The check is on the whole name (no slash, no dot-dot), so no request can reach past the
 * store's own files.
 */
export function storedFileType(requested: string): MediaMimeType | null {
  if (!STORED_NAME.test(requested)) return null;
  return requested.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

// Control characters have no place in a name shown to staff.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** What the uploader called the file, as plain text for display only (never a path). */
export function displayName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  return base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 255);
}

/** A title for an upload that came without one: its file name without the extension. */
export const titleFromName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, 200);
