import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * Image work (reading, resizing, encoding) runs on sharp's threads, never on the server's own,
 * and on at most one thread per core but one: that many pictures at once, one thread each, so a
 * core is always left to answer requests while pictures are being uploaded (a 36-megapixel
 * 16-bit PNG costs 1 to 2 s of a core to resize).
 */
export const IMAGE_WORKERS = Math.max(1, availableParallelism() - 1);
sharp.concurrency(1);
// The same picture is never read twice, so sharp's cache would only hold memory.
sharp.cache(false);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a worker is free, first come first served. */
export async function runImageWork<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
