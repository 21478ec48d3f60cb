import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gallery, GalleryListItem, Media } from '../../src/domain/media/media-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { makeImage, uploadImages } from '../helpers/media-test-data.js';
import { call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

let t: TestApp;
let mediaDir: string;
let images: Media[];
beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'gallery-test-'));
  t = await createTestApp({ mediaDir });
  const bytes = await makeImage('png', 40, 30);
  images = await uploadImages(
    t,
    ['one', 'two', 'three', 'four'].map((name) => ({ name: `${name}.png`, bytes })),
    { upload_title: ['One', 'Two', 'Three', 'Four'] },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const ids = (gallery: Gallery) => gallery.media.map((media) => media.id);
const id = (n: number) => images[n].id;

describe('galleries', () => {
  it('creates a gallery keeping the order sent, and reads it back in that order', async () => {
    const created = await call(t, 'POST', 'galleries', { media: [id(2), id(0), id(3)] });
    expect(created.statusCode).toBe(201);
    const gallery = created.json<Gallery>();
    expect(ids(gallery)).toEqual([id(2), id(0), id(3)]);
    expect(gallery.media.map((media) => media.title)).toEqual(['Three', 'One', 'Four']);
    expect(ids((await call(t, 'GET', `galleries/${gallery.id}`)).json<Gallery>())).toEqual([id(2), id(0), id(3)]);
  });

  it('reorders, adds and removes images with PUT, refusing a stale version', async () => {
    const gallery = (await call(t, 'POST', 'galleries', { media: [id(0), id(1)] })).json<Gallery>();
    const reordered = await call(t, 'PUT', `galleries/${gallery.id}`, { media: [id(1), id(3), id(0)], version: gallery.version });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<Gallery>()).toMatchObject({ version: gallery.version + 1 });
    expect(ids(reordered.json<Gallery>())).toEqual([id(1), id(3), id(0)]);
    const stale = await call(t, 'PUT', `galleries/${gallery.id}`, { media: [], version: gallery.version });
    expect(stale.statusCode).toBe(409);
    expect(ids((await call(t, 'GET', `galleries/${gallery.id}`)).json<Gallery>())).toEqual([id(1), id(3), id(0)]);
    // Without a version (SPEC.md's body has none) the write is refused: it would overwrite whatever is stored (issue 19 item 10).
    const unversioned = await call(t, 'PUT', `galleries/${gallery.id}`, { media: [] });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json<ErrorBody>().errors).toEqual([{ msg: 'Send the version you loaded', path: 'version' }]);
    expect(ids((await call(t, 'GET', `galleries/${gallery.id}`)).json<Gallery>())).toEqual([id(1), id(3), id(0)]);
  });

  it('refuses images that do not exist or appear twice, changing nothing', async () => {
    const gallery = (await call(t, 'POST', 'galleries', { media: [id(0)] })).json<Gallery>();
    const missing = await call(t, 'PUT', `galleries/${gallery.id}`, { media: [id(1), 999999], version: gallery.version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().errors).toEqual([{ msg: 'Image 999999 does not exist', path: 'media' }]);
    const twice = await call(t, 'POST', 'galleries', { media: [id(1), id(1)] });
    expect(twice.statusCode).toBe(400);
    expect(ids((await call(t, 'GET', `galleries/${gallery.id}`)).json<Gallery>())).toEqual([id(0)]);
    expect((await call(t, 'GET', 'galleries/999999')).statusCode).toBe(404);
    expect((await call(t, 'PUT', 'galleries/999999', { media: [], version: 1 })).statusCode).toBe(404);
  });

  it('lists galleries newest first with their images and what uses them', async () => {
    const gallery = (await call(t, 'POST', 'galleries', { media: [id(3), id(2)] })).json<Gallery>();
    const tour = await createTour(t, { name: 'Rhine Gorge', slug: 'rhine-gorge' });
    expect((await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, gallery_id: gallery.id })).statusCode).toBe(200);
    const boat = await call(t, 'POST', 'boats', { name: 'Princess', description: '<p>Barge</p>', gallery_id: gallery.id });
    expect(boat.statusCode).toBe(201);
    const list = (await call(t, 'GET', 'galleries')).json<GalleryListItem[]>();
    expect(list[0]).toMatchObject({ id: gallery.id, used_by: ['boat "Princess" (gallery)', 'tour "Rhine Gorge" (gallery)'] });
    expect(ids(list[0])).toEqual([id(3), id(2)]);
    expect(list.map((item) => item.id)).toEqual([...list.map((item) => item.id)].sort((a, b) => b - a));
  });

  it('will not let a form point at a gallery that does not exist', async () => {
    const response = await call(t, 'POST', 'boats', { name: 'Ghost', description: '<p>x</p>', gallery_id: 424242 });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors[0]).toMatchObject({ path: 'gallery_id' });
  });
});
