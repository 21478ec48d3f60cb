import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE, mediaSizeUrl, type Media, type MediaDetail, type MediaPage } from '../../src/domain/media/media-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { makeImage, multipartBody, uploadImages, uploadRaw } from '../helpers/media-test-data.js';
import { call, createTour, type ErrorBody } from '../helpers/tour-test-data.js';

const MAX_BYTES = 300_000;
let t: TestApp;
let mediaDir: string;
beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
  t = await createTestApp({ mediaDir, mediaMaxBytes: MAX_BYTES });
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const storedFiles = () => (existsSync(mediaDir) ? readdirSync(mediaDir).sort() : []);
const mediaCount = async () => (await t.db.selectFrom('media').select('id').execute()).length;
const getFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('PUT media/ (upload)', () => {
  it('stores a real PNG and JPEG with their words, under generated names, with thumbnails served at the size suffix', async () => {
    const [png, jpeg] = await Promise.all([makeImage('png', 800, 600), makeImage('jpeg', 1200, 400)]);
    const stored = await uploadImages(
      t,
      [
        { name: 'lake.png', bytes: png },
        { name: 'vineyard.jpg', bytes: jpeg, type: 'image/jpeg' },
      ],
      {
        upload_title: ['Lake Constance', 'Vineyards'],
        upload_alt: ['A calm lake', 'Rows of vines'],
        upload_credit: ['Photo: Anna', ''],
        upload_caption: ['Day 3', 'Day 5'],
      },
    );
    expect(stored).toEqual([
      expect.objectContaining({
        title: 'Lake Constance',
        alt: 'A calm lake',
        credit: 'Photo: Anna',
        caption: 'Day 3',
        mime_type: 'image/png',
        width: 800,
        height: 600,
        file_name: 'lake.png',
      }),
      expect.objectContaining({
        title: 'Vineyards',
        alt: 'Rows of vines',
        credit: '',
        caption: 'Day 5',
        mime_type: 'image/jpeg',
        width: 1200,
        height: 400,
        file_name: 'vineyard.jpg',
      }),
    ]);
    expect(stored[0].url).toMatch(/^\/media-files\/[0-9a-f]{32}\.png$/);
    expect(stored[1].url).toMatch(/^\/media-files\/[0-9a-f]{32}\.jpg$/);

    const original = await getFile(stored[0].url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload.equals(png)).toBe(true);

    const thumbnail = await getFile(mediaSizeUrl(stored[1].url, 'thumbnail'));
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 300, 100]);
    const medium = await sharp((await getFile(mediaSizeUrl(stored[0].url, 'medium'))).rawPayload).metadata();
    // Smaller pictures are never enlarged.
    expect([medium.format, medium.width, medium.height]).toEqual(['png', 800, 600]);
  });

  it('titles an image by its file name when no title is given', async () => {
    const [image] = await uploadImages(t, [{ name: 'alpine_pass-view.jpg', bytes: await makeImage('jpeg', 50, 50), type: 'image/jpeg' }]);
    expect(image.title).toBe('alpine pass view');
  });

  it('refuses a text file named .png by its bytes, and stores nothing', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const response = await uploadRaw(t, [{ name: 'notes.png', bytes: Buffer.from('Just some text, not a picture at all.\n') }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([
      { msg: 'notes.png is not a PNG or JPEG image (its content is not a picture). Only PNG and JPEG images can be uploaded.', path: 'upload' },
    ]);
    expect({ files: storedFiles(), rows: await mediaCount() }).toEqual(before);
  });

  it('refuses a renamed program and a GIF, naming what they are', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
    const program = await uploadRaw(t, [{ name: 'photo.jpg', bytes: elf, type: 'image/jpeg' }]);
    expect(program.statusCode).toBe(400);
    expect(program.json<ErrorBody>().errors[0].msg).toBe(
      'photo.jpg is not a PNG or JPEG image (its content is ELF data). Only PNG and JPEG images can be uploaded.',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await uploadRaw(t, [{ name: 'anim.png', bytes: gif }])).json<ErrorBody>().errors[0].msg).toContain('its content is GIF data');
  });

  it('refuses a damaged PNG that only starts like one', async () => {
    const png = await makeImage('png', 200, 200);
    const response = await uploadRaw(t, [{ name: 'broken.png', bytes: Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors[0].msg).toBe('broken.png could not be read as an image; it may be damaged.');
  });

  it('answers 413 naming a file past the size limit, and keeps none of the upload', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const small = await makeImage('png', 10, 10);
    const big = Buffer.concat([small, Buffer.alloc(MAX_BYTES)]);
    const response = await uploadRaw(t, [
      { name: 'small.png', bytes: small },
      { name: 'huge.png', bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'huge.png is larger than the limit of 0.3 MB', path: 'upload' }]);
    expect({ files: storedFiles(), rows: await mediaCount() }).toEqual(before);
  });

  it('never lets an uploaded file name reach the disk', async () => {
    const before = new Set(storedFiles());
    const [image] = await uploadImages(t, [{ name: '../../../../tmp/evil.png', bytes: await makeImage('png', 20, 20) }]);
    expect(image.file_name).toBe('evil.png');
    expect(image.url).toMatch(/^\/media-files\/[0-9a-f]{32}\.png$/);
    const added = storedFiles().filter((name) => !before.has(name));
    expect(added.every((name) => /^[0-9a-f]{32}(-\d+x\d+)?\.png$/.test(name))).toBe(true);
    expect(added).toHaveLength(3);
    expect(existsSync(path.join(mediaDir, '..', 'evil.png'))).toBe(false);
    expect(existsSync('/tmp/evil.png')).toBe(false);
  });

  it('serves only names the storage made, never a path out of the folder', async () => {
    const [image] = await uploadImages(t, [{ name: 'ok.png', bytes: await makeImage('png', 20, 20) }]);
    const name = image.url.split('/').pop()!;
    for (const url of [
      '/media-files/..%2F..%2Fpackage.json',
      '/media-files/%2e%2e%2fpackage.json',
      '/media-files/..%5Cpackage.json',
      `/media-files/${name}%00.txt`,
      `/media-files/${name.replace('.png', '.PNG')}`,
      '/media-files/.env',
      `/media-files/${'0'.repeat(32)}.png`,
    ]) {
      const response = await getFile(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('refuses a form without images, a JSON body and files in another field', async () => {
    expect((await uploadRaw(t, [], { upload_title: 'Nothing' })).json<ErrorBody>().errors[0].msg).toBe('Choose at least one image to upload');
    const json = await t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: t.auth, payload: { upload: 'x' } });
    expect(json.statusCode).toBe(400);
    const elsewhere = await uploadRaw(t, [{ name: 'a.png', bytes: await makeImage('png', 5, 5) }], {}, 'picture');
    expect(elsewhere.statusCode).toBe(400);
  });

  it('answers 400, storing nothing, to a form cut short or with a malformed part (found by the fuzz test: it was a 500)', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const form = multipartBody([{ name: 'a.png', bytes: await makeImage('png', 8, 8) }], { upload_title: 'Cut short' });
    const send = (payload: Buffer) => t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...form.headers }, payload });
    const boundary = form.headers['content-type'].split('boundary=')[1];
    for (const payload of [
      form.payload.subarray(0, 10),
      form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      form.payload.subarray(0, form.payload.length - 5),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.png"\r\nno blank line`),
    ]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual([
        { msg: 'The upload form could not be read to its end (cut short or malformed); send it again', path: 'upload' },
      ]);
    }
    expect({ files: storedFiles(), rows: await mediaCount() }).toEqual(before);
  });

  it('refuses a title longer than its limit', async () => {
    const response = await uploadRaw(t, [{ name: 'a.png', bytes: await makeImage('png', 5, 5) }], { upload_title: 'x'.repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'a.png: Title may be at most 200 characters', path: 'upload_title' }]);
  });
});

describe('GET media/page/{n} and media/page/{n}/all/{search}', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ mediaDir });
    // Rows straight into the table: paging is about the list, not the files.
    const rows = Array.from({ length: MEDIA_PAGE_SIZE + 5 }, (_, index) => ({
      file_name: `${index.toString(16).padStart(32, 'a')}.png`,
      original_name: `image-${index}.png`,
      mime_type: 'image/png',
      width: 10,
      height: 10,
      size_bytes: 100,
      title: index === 3 ? 'Sunset over the Danube' : index === 7 ? 'Danube bridge' : `Picture ${index}`,
      caption: index === 9 ? 'Sunset at 50% cloud' : '',
      credit: index === 11 ? 'Photo: Sunset Studio' : '',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, index)),
    }));
    await t2.db.insertInto('media').values(rows).execute();
  });
  afterAll(() => t2.close());

  const page = async (path: string) => {
    const response = await t2.app.inject({ method: 'GET', url: `/api/v1/media/page/${path}`, headers: t2.auth });
    expect(response.statusCode, path).toBe(200);
    return response.json<MediaPage>();
  };

  it('pages newest first and says which page comes next', async () => {
    const first = await page('1');
    expect(first.results).toHaveLength(MEDIA_PAGE_SIZE);
    expect(first.nextPage).toBe(2);
    expect(first.results[0].file_name).toBe(`image-${MEDIA_PAGE_SIZE + 4}.png`);
    const second = await page('2');
    expect(second.results.map((media) => media.file_name)).toEqual(['image-4.png', 'image-3.png', 'image-2.png', 'image-1.png', 'image-0.png']);
    expect(second.nextPage).toBeNull();
    expect(await page('3')).toEqual({ results: [], nextPage: null });
  });

  it('searches title, caption and credit, every word, case-insensitively, with % taken literally', async () => {
    const titles = async (search: string) => (await page(`1/all/${encodeURIComponent(search)}`)).results.map((media) => media.title);
    expect(await titles('sunset')).toEqual(['Picture 11', 'Picture 9', 'Sunset over the Danube']);
    expect(await titles('DANUBE sunset')).toEqual(['Sunset over the Danube']);
    expect(await titles('50%')).toEqual(['Picture 9']);
    expect(await titles('image-42')).toEqual(['Picture 42']);
    expect(await titles('nothing-like-this')).toEqual([]);
  });

  it('refuses a page that is not a positive number', async () => {
    for (const bad of ['0', '-1', 'two']) {
      const response = await t2.app.inject({ method: 'GET', url: `/api/v1/media/page/${bad}`, headers: t2.auth });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});

describe('GET, PUT and DELETE media/{id}', () => {
  it('edits the words of an image, bumping its version and refusing a stale one', async () => {
    const [image] = await uploadImages(t, [{ name: 'edit.png', bytes: await makeImage('png', 30, 30) }]);
    const response = await call(t, 'PUT', `media/${image.id}`, {
      title: '  Rhine at dusk ',
      caption: 'Evening',
      alt: 'River',
      credit: 'Me',
      version: image.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Media>()).toMatchObject({
      id: image.id,
      title: 'Rhine at dusk',
      caption: 'Evening',
      alt: 'River',
      credit: 'Me',
      version: image.version + 1,
      url: image.url,
    });
    const stale = await call(t, 'PUT', `media/${image.id}`, { title: 'Lost', version: image.version });
    expect(stale.statusCode).toBe(409);
    expect((await call(t, 'GET', `media/${image.id}`)).json<MediaDetail>()).toMatchObject({ title: 'Rhine at dusk', used_by: [] });
    expect((await call(t, 'PUT', `media/${image.id}`, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(t, 'GET', 'media/999999')).statusCode).toBe(404);
  });

  it('refuses to delete an image a tour or a gallery uses, naming them, and deletes it with its files once free', async () => {
    const [cover, inGallery] = await uploadImages(t, [
      { name: 'cover.png', bytes: await makeImage('png', 40, 40) },
      { name: 'gallery.png', bytes: await makeImage('png', 40, 40) },
    ]);
    const tour = await createTour(t, { name: 'Moselle Meander', slug: 'moselle-meander' });
    const saved = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, media_id: cover.id, hero_id: cover.id });
    expect(saved.statusCode).toBe(200);
    const gallery = (await call(t, 'POST', 'galleries', { media: [inGallery.id] })).json<{ id: number }>();

    const refused = await call(t, 'DELETE', `media/${cover.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().errors[0].msg).toBe(
      'This image is used by tour "Moselle Meander" (hero image), tour "Moselle Meander" (overview image), so it was not deleted.',
    );
    expect((await call(t, 'GET', `media/${cover.id}`)).json<MediaDetail>().used_by).toEqual([
      'tour "Moselle Meander" (hero image)',
      'tour "Moselle Meander" (overview image)',
    ]);
    const inUse = await call(t, 'DELETE', `media/${inGallery.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<ErrorBody>().errors[0].msg).toBe(`This image is used by gallery ${gallery.id}, so it was not deleted.`);
    expect((await getFile(cover.url)).statusCode).toBe(200);

    const freed = await call(t, 'PUT', `tours/${tour.id}`, { version: saved.json<{ version: number }>().version, media_id: null, hero_id: null });
    expect(freed.statusCode).toBe(200);
    const names = storedFiles().filter((name) => name.startsWith(cover.url.split('/').pop()!.slice(0, 32)));
    expect(names).toHaveLength(3);
    const deleted = await call(t, 'DELETE', `media/${cover.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: cover.id });
    expect((await call(t, 'GET', `media/${cover.id}`)).statusCode).toBe(404);
    expect(storedFiles().filter((name) => names.includes(name))).toEqual([]);
    expect((await getFile(cover.url)).statusCode).toBe(404);
  });

  it('names an itinerary day that uses the image', async () => {
    const [image] = await uploadImages(t, [{ name: 'day.png', bytes: await makeImage('png', 40, 40) }]);
    const tour = await createTour(t, { name: 'Loire Chateaux', slug: 'loire-chateaux' });
    const saved = await call(t, 'PUT', `tours/${tour.id}/itineraries`, {
      version: tour.version,
      itineraries: [{ day: 2, title: 'Blois', type: 'public', content: '', media_id: image.id }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(t, 'DELETE', `media/${image.id}`)).json<ErrorBody>().errors[0].msg).toBe(
      'This image is used by tour "Loire Chateaux" (itinerary day 2 image), so it was not deleted.',
    );
  });

  it('will not let a tour point at an image that does not exist', async () => {
    const tour = await createTour(t, { name: 'Nowhere Ride', slug: 'nowhere-ride' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, media_id: 987654 });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors[0].msg).toContain('987654');
  });
});
