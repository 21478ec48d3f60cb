// The media library's files in a folder of the server (the default) or in S3-compatible object
// storage (MEDIA_S3_URL; issue 32, item 4): the same suite against both, the bucket being a real
// S3 server (s3rver) started by the test. Files are written, read whole and by byte range,
// listed and removed; through the API, an upload is stored there, served with the same headers
// (and ranges), and removed there when the image is deleted; a backup carries the files and a
// restore puts them back.

import { mkdtempSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../../src/server/db/backup/dump-database.js';
import { restoreDatabase } from '../../src/server/db/backup/restore-database.js';
import { folderMediaStore } from '../../src/server/media/folder-media-store.js';
import { s3MediaStore } from '../../src/server/media/s3-media-store.js';
import type { MediaStore } from '../../src/server/media/media-store.js';
import { storedFileNames } from '../../src/server/media/media-storage.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { makeImage, uploadImages } from '../helpers/media-test-data.js';

type Kind = 'folder' | 'bucket';
type Place = { config: { mediaDir: string; mediaS3Url: string | null }; store: () => MediaStore; stop: () => Promise<void> };

/** A fresh, empty media place of each kind: a temporary folder, or the bucket of a new S3 server. */
async function openPlace(kind: Kind): Promise<Place> {
  const folder = mkdtempSync(path.join(tmpdir(), 'media-store-'));
  let s3: S3TestServer | null = null;
  if (kind === 'bucket') s3 = await startS3TestServer();
  const config = { mediaDir: folder, mediaS3Url: s3?.url ?? null };
  return {
    config,
    store: () => (s3 ? s3MediaStore(s3.url) : folderMediaStore(folder)),
    stop: async () => {
      await s3?.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const NAME = `${'ab'.repeat(16)}.png`;
const read = async (store: MediaStore, name: string, range?: { start: number; end: number }) => buffer(await store.read(name, range));
const list = async (store: MediaStore) => {
  const names: string[] = [];
  for await (const name of store.list()) names.push(name);
  return names.sort();
};

describe.each<Kind>(['folder', 'bucket'])('the media store in a %s', (kind) => {
  let place: Place;
  let t: TestApp;
  beforeAll(async () => {
    place = await openPlace(kind);
    t = await createTestApp(place.config);
  });
  afterAll(async () => {
    await t.close();
    await place.stop();
  });

  it('writes, reads whole and by range, sizes, lists and removes a file', async () => {
    const store = place.store();
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, index) => index % 256));
    expect(await store.size(NAME)).toBeNull();
    await store.write(NAME, bytes, { replace: false, contentType: 'image/png' });
    expect(await store.size(NAME)).toBe(300);
    expect((await read(store, NAME)).equals(bytes)).toBe(true);
    expect((await read(store, NAME, { start: 10, end: 19 })).equals(bytes.subarray(10, 20))).toBe(true);
    expect(await list(store)).toContain(NAME);
    await store.write(NAME, Buffer.from('again'), { replace: true, contentType: 'image/png' });
    expect((await read(store, NAME)).toString()).toBe('again');
    await store.remove(NAME);
    await store.remove(NAME); // already gone: no error
    expect(await store.size(NAME)).toBeNull();
    expect(await list(store)).not.toContain(NAME);
  });

  it('stores an upload and its sizes there and serves them with the same headers, whole and by range', async () => {
    const png = await makeImage('png', 900, 600);
    const [image] = await uploadImages(t, [{ name: 'lake.png', bytes: png }]);
    const stored = storedFileNames(path.basename(image.url));
    expect(await list(place.store())).toEqual(expect.arrayContaining(stored));

    const whole = await t.app.inject({ method: 'GET', url: image.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(png)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(whole.headers['content-security-policy']).toContain("default-src 'none'");

    const part = await t.app.inject({ method: 'GET', url: image.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: image.url, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(png.subarray(png.length - 16))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: image.url, headers: { range: `bytes=${png.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);
  });

  it('answers 404 for a name it never made, without asking the store about others', async () => {
    for (const url of ['/media-files/not-ours.png', `/media-files/${'cd'.repeat(16)}.png`, '/media-files/..%2F..%2Fetc%2Fpasswd'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('removes the files from the store when the image is deleted', async () => {
    const [image] = await uploadImages(t, [{ name: 'gone.jpg', bytes: await makeImage('jpeg', 300, 200), type: 'image/jpeg' }]);
    const names = storedFileNames(path.basename(image.url));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/media/${image.id}`, headers: t.auth });
    expect(deleted.statusCode).toBe(200);
    for (const name of names) expect(await place.store().size(name), name).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it('backs the files up with the database and restores them into an empty store', async () => {
    const [image] = await uploadImages(t, [{ name: 'kept.png', bytes: await makeImage('png', 400, 300) }]);
    const dumpFolder = mkdtempSync(path.join(tmpdir(), 'media-dump-'));
    const target = await openPlace(kind);
    const targetDatabase = await createTestDatabase();
    try {
      const file = path.join(dumpFolder, 'dump.jsonl.gz');
      const dumped = await dumpDatabase(t.db, 'embedded', file, { media: place.store() });
      const sourceFiles = await list(place.store());
      expect(dumped.mediaFiles).toBe(sourceFiles.length);
      const restored = await restoreDatabase(targetDatabase.db, file, { media: target.store(), force: true });
      expect(restored.mediaFiles).toBe(sourceFiles.length);
      expect(await list(target.store())).toEqual(sourceFiles);
      for (const name of storedFileNames(path.basename(image.url)))
        expect((await read(target.store(), name)).equals(await read(place.store(), name)), name).toBe(true);
      const rows = await targetDatabase.db.selectFrom('media').select('file_name').execute();
      expect(rows.map((row) => row.file_name)).toContain(path.basename(image.url));
    } finally {
      await targetDatabase.close();
      await target.stop();
      rmSync(dumpFolder, { recursive: true, force: true });
    }
  });
});
