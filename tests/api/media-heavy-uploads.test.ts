import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_FILES_PER_UPLOAD } from '../../src/domain/media/media-schema.js';
import { readImageHeader } from '../../src/server/media/image-header.js';
import { IMAGE_WORKERS, runImageWork } from '../../src/server/media/image-work-pool.js';
import type { ErrorBody } from '../helpers/content-test-data.js';
import { heavyPng, makeImage, multipartBody, uploadRaw, type FilePart } from '../helpers/media-test-data.js';
import { buildApp } from '../../src/server/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { cpuMillis } from '../helpers/cpu-time.js';

// Issue 19 item 8: a 372 KB 16-bit 7000 x 7000 PNG cost 1.6 s of CPU, and 20 files of 10 MB were
// read into memory before any check. Each file is now checked from its first bytes as it arrives.

const mediaDir = mkdtempSync(path.join(tmpdir(), 'heavy-uploads-'));
let t: TestApp;
let heavy: Buffer;
beforeAll(async () => {
  t = await createTestApp({ mediaDir, uploadsPerUser: 2 });
  heavy = await heavyPng();
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(mediaDir, { recursive: false }).length;
const mediaCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A form whose one file starts with `head` and is then cut off mid-file: no closing boundary. */
function cutShortForm(name: string, head: Buffer) {
  const { payload, headers } = multipartBody([{ name, bytes: Buffer.concat([head, Buffer.alloc(2 * 1024 * 1024, 7)]) }]);
  return { payload: payload.subarray(0, payload.length - 200), headers };
}

/** A small real JPEG, with a large EXIF block before its frame, that says it is width x height. */
async function jpegClaiming(width: number, height: number) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#963' } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'x'.repeat(20_000) } })
    .toBuffer();
  const header = readImageHeader(bytes);
  if (header.kind !== 'size') throw new Error('test JPEG has no readable frame');
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

describe('heavy images are refused from their header, before any decoding', () => {
  it('refuses the 16-bit 7000 x 7000 PNG by its pixel count, quickly, and stores nothing', async () => {
    const before = await mediaCount();
    const { result: response, ms: cpu } = await cpuMillis(() => uploadRaw(t, [{ name: 'heavy.png', bytes: heavy }]));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'heavy.png has 49 megapixels; at most 40 megapixels are accepted.', path: 'upload' }]);
    expect(cpu).toBeLessThan(500);
    expect(await mediaCount()).toBe(before);
    expect(storedFiles()).toBe(0);
  });

  it('refuses while the file is still arriving: its header is enough, the rest is never waited for', async () => {
    const png = cutShortForm('big.png', heavy.subarray(0, 64));
    const pngAnswer = await t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...png.headers }, payload: png.payload });
    expect(pngAnswer.json<ErrorBody>().errors[0].msg).toBe('big.png has 49 megapixels; at most 40 megapixels are accepted.');

    const gif = cutShortForm('anim.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    const gifAnswer = await t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...gif.headers }, payload: gif.payload });
    expect(gifAnswer.statusCode).toBe(400);
    expect(gifAnswer.json<ErrorBody>().errors[0].msg).toContain('anim.png is not a PNG or JPEG image');
  });

  it('reads a JPEG size past a large EXIF block, and refuses a JPEG that claims too many pixels', async () => {
    const claiming = await jpegClaiming(8000, 6000);
    expect(readImageHeader(claiming)).toEqual({ kind: 'size', mimeType: 'image/jpeg', width: 8000, height: 6000 });
    expect(readImageHeader(claiming.subarray(0, 1000))).toEqual({ kind: 'need-more', mimeType: 'image/jpeg' });
    const response = await uploadRaw(t, [{ name: 'wide.jpg', bytes: claiming, type: 'image/jpeg' }]);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'wide.jpg has 48 megapixels; at most 40 megapixels are accepted.', path: 'upload' }]);
  });

  it('still stores ordinary pictures, a PNG and a progressive JPEG with EXIF', async () => {
    const progressive = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#4a8' } })
      .jpeg({ progressive: true })
      .withExif({ IFD0: { Artist: 'Tester' } })
      .toBuffer();
    expect(readImageHeader(progressive)).toEqual({ kind: 'size', mimeType: 'image/jpeg', width: 900, height: 500 });
    const response = await uploadRaw(t, [
      { name: 'plain.png', bytes: await makeImage('png', 1200, 800) },
      { name: 'progressive.jpg', bytes: progressive, type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ width: number; height: number }[]>().map(({ width, height }) => [width, height])).toEqual([
      [1200, 800],
      [900, 500],
    ]);
  });
});

/**
 * Two uploads through the first server that have sent only their form's first bytes, once the
 * server has taken them (an upload is in progress from when the server starts reading its form,
 * which counts it first); `rest` finishes each.
 */
async function startSlowUploads(picture: Buffer) {
  const open = [0, 1].map(() => {
    const { payload, headers } = multipartBody([{ name: 'slow.png', bytes: picture }]);
    const stream = new PassThrough();
    stream.write(payload.subarray(0, 100));
    const answer = t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...headers }, payload: stream });
    return { stream, rest: payload.subarray(100), answer };
  });
  await expect.poll(() => open.every(({ stream }) => stream.readableLength === 0), { timeout: 30_000 }).toBe(true);
  return open;
}

describe('upload limits', () => {
  it(`refuses more than ${MEDIA_MAX_FILES_PER_UPLOAD} files in one upload, storing none`, async () => {
    const before = await mediaCount();
    const small = await makeImage('png', 4, 4);
    const files: FilePart[] = Array.from({ length: MEDIA_MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({ name: `f${index}.png`, bytes: small }));
    const response = await uploadRaw(t, files);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: `At most ${MEDIA_MAX_FILES_PER_UPLOAD} images can be uploaded at once`, path: 'upload' }]);
    expect(await mediaCount()).toBe(before);
  });

  it('lets one staff member have only so many uploads in progress (MEDIA_UPLOADS_PER_USER), then 429', async () => {
    const picture = await makeImage('png', 4, 4);
    const open = await startSlowUploads(picture);
    const third = await uploadRaw(t, [{ name: 'third.png', bytes: picture }]);
    expect(third.statusCode).toBe(429);
    expect(third.json<ErrorBody>().errors).toEqual([
      { msg: 'You already have 2 uploads in progress; wait for one to finish, then upload again', path: 'upload' },
    ]);
    for (const { stream, rest } of open) stream.end(rest);
    for (const { answer } of open) expect((await answer).statusCode).toBe(201);
    expect((await uploadRaw(t, [{ name: 'after.png', bytes: picture }])).statusCode).toBe(201);
  });

  it('counts the uploads in progress over every server on the database', async () => {
    const picture = await makeImage('png', 4, 4);
    // A second server process on the same database: its own app, nothing shared with the first but the database.
    const other = await buildApp({ db: t.db, changes: t.database.changes, config: t.config });
    try {
      const open = await startSlowUploads(picture);
      const { payload, headers } = multipartBody([{ name: 'third.png', bytes: picture }]);
      const third = await other.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...headers }, payload });
      expect(third.statusCode).toBe(429);
      for (const { stream, rest } of open) stream.end(rest);
      for (const { answer } of open) expect((await answer).statusCode).toBe(201);
      const { payload: afterPayload, headers: afterHeaders } = multipartBody([{ name: 'after.png', bytes: picture }]);
      expect((await other.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...afterHeaders }, payload: afterPayload })).statusCode).toBe(
        201,
      );
    } finally {
      await other.close();
    }
  });
});

describe('the image work pool', () => {
  it(`works on at most ${IMAGE_WORKERS} pictures at once (a core but one), in turn`, async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        runImageWork(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(index);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(IMAGE_WORKERS);
    expect(order).toHaveLength(6);
  });
});

describe('damaged headers', () => {
  it('leaves a PNG or JPEG whose header does not read right to the whole-file check, which calls it damaged', async () => {
    const png = await makeImage('png', 8, 8);
    const badPng = Buffer.concat([png.subarray(0, 12), Buffer.from('XXXX'), png.subarray(16)]);
    const badJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6]);
    for (const [name, bytes] of [
      ['bad.png', badPng],
      ['bad.jpg', badJpeg],
    ] as const) {
      expect(readImageHeader(bytes).kind, name).toBe('need-more');
      const response = await uploadRaw(t, [{ name, bytes }]);
      expect(response.statusCode, name).toBe(400);
      expect(response.json<ErrorBody>().errors[0].msg, name).toMatch(
        new RegExp(`^${name.replace('.', '\\.')} (could not be read as an image|is not a PNG or JPEG image)`),
      );
    }
  });
});
