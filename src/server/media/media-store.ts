import type { Readable } from 'node:stream';
import type { ServerConfig } from '../config.js';
import { folderMediaStore } from './folder-media-store.js';
import { s3MediaStore } from './s3-media-store.js';

/** The bytes of a stored file from `start` to `end`, both included (an HTTP byte range). */
export type ByteRange = { start: number; end: number };

/**
 * Where the media library's files live: a folder on this machine (the default), or a bucket of
 * S3-compatible object storage, so that several server machines see the same pictures. Names
 * are the ones media-storage.ts makes; a store never sees an uploader's file name.
 */
export type MediaStore = {
  /** Where the files are, for messages ("the folder ./data/media", "bucket media at ..."). */
  description: string;
  /** Stores a file; `replace` says a file of the same name may be written over (the seed's pictures). */
  write: (name: string, bytes: Buffer, options: { replace: boolean; contentType: string }) => Promise<void>;
  /** Removes a file; one already gone is no error. */
  remove: (name: string) => Promise<void>;
  /** A file's size in bytes, or null when there is no such file. */
  size: (name: string) => Promise<number | null>;
  /** A file's bytes (those of `range` only, when given) as a stream. */
  read: (name: string, range?: ByteRange) => Promise<Readable>;
  /** Every file's name, for a backup. */
  list: () => AsyncIterable<string>;
};

const stores = new WeakMap<ServerConfig, MediaStore>();

/** The server's media store: the bucket of MEDIA_S3_URL when set, else the folder MEDIA_DIR. One per configuration. */
export function mediaStoreOf(config: Pick<ServerConfig, 'mediaDir' | 'mediaS3Url'>): MediaStore {
  const known = stores.get(config as ServerConfig);
  if (known) return known;
  const store = config.mediaS3Url ? s3MediaStore(config.mediaS3Url) : folderMediaStore(config.mediaDir);
  stores.set(config as ServerConfig, store);
  return store;
}
