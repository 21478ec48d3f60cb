import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from './api-types.js';
import type { DataChanges } from './db/data-changes.js';

/** Marks a GET route whose answer depends only on its address and the stored data. */
export const CACHEABLE = { cacheable: true } as const;

export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;

type Entry = { payload: string; bytes: number };

/**
 * The serialised answers of cacheable GET routes, kept until the next committed write.
 * Staff read the same lists and seasons over and over while writes are comparatively rare, so
 * most reads become a lookup; the data-change counter makes a stale answer impossible: an entry
 * belongs to the generation it was read in, and a read that overlapped a commit is not kept.
 * Least recently used entries go first when the cache outgrows its byte limit.
 */
export function createReadCache(changes: DataChanges, maxBytes = READ_CACHE_MAX_BYTES) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = changes.generation;

  const forget = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const clearIfStale = () => {
    if (generation === changes.generation) return;
    entries.clear();
    bytes = 0;
    generation = changes.generation;
  };

  return {
    get(key: string): string | null {
      clearIfStale();
      if (!changes.complete) return null;
      const entry = entries.get(key);
      if (!entry) return null;
      // Re-inserting moves the entry to the young end of the map's order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.payload;
    },
    /** Keeps an answer read while the data was at `readGeneration`, unless a write came since. */
    set(key: string, payload: string, readGeneration: number): void {
      clearIfStale();
      if (!changes.complete || readGeneration !== generation) return;
      const size = payload.length * 2;
      if (size > maxBytes / 8) return;
      const previous = entries.get(key);
      if (previous) forget(key, previous);
      entries.set(key, { payload, bytes: size });
      bytes += size;
      for (const [oldKey, oldEntry] of entries) {
        if (bytes <= maxBytes) break;
        forget(oldKey, oldEntry);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

const readGenerations = new WeakMap<FastifyRequest, number>();

const isCacheable = (request: FastifyRequest) =>
  request.method === 'GET' && Boolean((request.routeOptions.config as { cacheable?: boolean } | undefined)?.cacheable);

/**
 * Serves cacheable GET routes from the read cache. Registered after the auth hook, so a cached
 * answer still needs a valid token; the answer is keyed by the whole address (path and query).
 * `Cache-Control: no-cache` on the request reads from the database (and refreshes the entry).
 */
export function registerReadCache(api: Api, cache: ReadCache, changes: DataChanges) {
  api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCacheable(request)) return;
    // A client asking for no-cache (a hard reload, a benchmark of the database) is answered from the database.
    const cached = /\bno-cache\b/.test(request.headers['cache-control'] ?? '') ? null : cache.get(request.url);
    if (cached !== null) return reply.header('content-type', 'application/json; charset=utf-8').header('x-read-cache', 'hit').send(cached);
    readGenerations.set(request, changes.generation);
  });
  api.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const readGeneration = readGenerations.get(request);
    if (readGeneration !== undefined && reply.statusCode === 200 && typeof payload === 'string') cache.set(request.url, payload, readGeneration);
    return payload;
  });
}
