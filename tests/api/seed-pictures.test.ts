import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gallery, MediaPage } from '../../src/domain/media/media-schema.js';
import { MEDIA_SIZES, mediaSizeUrl } from '../../src/domain/media/media-schema.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { folderMediaStore } from '../../src/server/media/folder-media-store.js';

// Issue 28: the demo data had no pictures, so the media library and every gallery were empty on a
// first start. The seed now makes a few pictures by code (no image file is downloaded or kept in
// the repository) and files them in the library, in galleries and on tours.

let t: TestApp;
let again: DatabaseHandle;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'seed-pictures-'));
const againDir = mkdtempSync(path.join(tmpdir(), 'seed-pictures-again-'));

beforeAll(async () => {
  t = await createTestApp({ mediaDir });
  again = await createTestDatabase();
  await seedDemoData(t.db, { scale: 'demo', media: folderMediaStore(mediaDir) });
  await seedDemoData(again.db, { scale: 'demo', media: folderMediaStore(againDir) });
});
afterAll(async () => {
  await Promise.all([t?.close(), again?.close()]);
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(againDir, { recursive: true, force: true });
});

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: t.auth });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body, json: () => response.json<T>() };
};

describe('the demo data’s pictures (issue 28)', () => {
  it('fills the media library with described pictures whose files and sizes are served', async () => {
    const page = (await get<MediaPage>('/api/v1/media/page/1')).json();
    expect(page.results.length).toBeGreaterThanOrEqual(6);
    for (const media of page.results) {
      expect(media.title).not.toBe('');
      expect(media.alt).not.toBe('');
      expect(media.mime_type).toBe('image/jpeg');
      for (const url of [media.url, ...Object.keys(MEDIA_SIZES).map((size) => mediaSizeUrl(media.url, size as keyof typeof MEDIA_SIZES))]) {
        const file = await get(url);
        expect(file.status, url).toBe(200);
        expect(file.type).toBe('image/jpeg');
      }
    }
  });

  it('puts them in galleries, and gives tours an overview image and a gallery', async () => {
    const tours = await t.db.selectFrom('tours').select(['id', 'media_id', 'gallery_id']).where('gallery_id', 'is not', null).execute();
    expect(tours.length).toBeGreaterThan(0);
    for (const tour of tours) {
      expect(tour.media_id).not.toBeNull();
      const gallery = (await get<Gallery>(`/api/v1/galleries/${tour.gallery_id}`)).json();
      expect(gallery.media.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('makes the same rows and the same files for the same seed', async () => {
    const rows = (db: DatabaseHandle['db']) =>
      db.selectFrom('media').select(['id', 'file_name', 'original_name', 'width', 'height', 'size_bytes', 'title', 'created_at']).orderBy('id').execute();
    expect(await rows(again.db)).toEqual(await rows(t.db));
    const files = readdirSync(mediaDir).sort();
    expect(readdirSync(againDir).sort()).toEqual(files);
    for (const name of files) expect(readFileSync(path.join(againDir, name)).equals(readFileSync(path.join(mediaDir, name))), name).toBe(true);
  });
});
