import type { ByteRange } from '../../media/media-store.js';

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110: `bytes=a-b`,
 * `bytes=a-`, `bytes=-n`), null when there is no header or one this server does not serve as a
 * range (another unit, several ranges, not a range at all: the whole file is sent, as the RFC
 * allows), or 'unsatisfiable' when it starts past the end.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
