import type { MediaMimeType } from '../../domain/media/media-schema.js';

/**
 * What the first bytes of an upload say, read before the rest arrives: `not-accepted` when they
 * are not a PNG or JPEG, the picture's size once its header has come, `need-more` until then.
 * Plain byte reading, no decoding, so a huge picture is refused before any work is spent on it.
 * A PNG or JPEG whose header does not read right stays `need-more`: the whole file is checked once
 * it has arrived, and refused as damaged then.
 */
export type ImageHeader =
  { kind: 'not-accepted' } | { kind: 'need-more'; mimeType: MediaMimeType | null } | { kind: 'size'; mimeType: MediaMimeType; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

export function readImageHeader(bytes: Buffer): ImageHeader {
  const startsWith = (signature: Buffer) => bytes.subarray(0, signature.length).equals(signature.subarray(0, Math.min(signature.length, bytes.length)));
  if (bytes.length && startsWith(PNG_SIGNATURE)) return readPng(bytes);
  if (bytes.length && startsWith(JPEG_START)) return readJpeg(bytes);
  return bytes.length ? { kind: 'not-accepted' } : { kind: 'need-more', mimeType: null };
}

/** PNG: the signature, then the IHDR chunk with width and height (bytes 16 to 24). */
function readPng(bytes: Buffer): ImageHeader {
  if (bytes.length < 24) return { kind: 'need-more', mimeType: bytes.length >= PNG_SIGNATURE.length ? 'image/png' : null };
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return { kind: 'need-more', mimeType: 'image/png' };
  return { kind: 'size', mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic coding) do not.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: segments after the start marker, each with its length, until a start-of-frame. */
function readJpeg(bytes: Buffer): ImageHeader {
  if (bytes.length < JPEG_START.length) return { kind: 'need-more', mimeType: null };
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // image data or end before any frame: damaged
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) break;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) break;
      return { kind: 'size', mimeType: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return { kind: 'need-more', mimeType: 'image/jpeg' };
}
