import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Media } from '../../src/domain/media/media-schema.js';
import type { Database } from '../../src/server/db/schema.js';
import type { TestApp } from './test-app.js';

/** A real picture of one colour, encoded by sharp. */
export function makeImage(format: 'png' | 'jpeg', width = 640, height = 480, colour = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

export type FilePart = { name: string; bytes: Buffer; type?: string };

/**
 * A multipart/form-data body written by hand, so a test controls every byte, including a file name
 * no browser would send ('../../etc/evil.png').
 */
export function multipartBody(files: FilePart[], fields: Record<string, string | string[]> = {}, fileField = 'upload') {
  const boundary = `----media-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `PUT media/` as staff, answering the raw response. */
export async function uploadRaw(t: TestApp, files: FilePart[], fields: Record<string, string | string[]> = {}, fileField?: string) {
  const body = multipartBody(files, fields, fileField);
  return t.app.inject({ method: 'PUT', url: '/api/v1/media/', headers: { ...t.auth, ...body.headers }, payload: body.payload });
}

/** Uploads images and answers what the library stored; fails the test on any refusal. */
export async function uploadImages(t: TestApp, files: FilePart[], fields: Record<string, string | string[]> = {}): Promise<Media[]> {
  const response = await uploadRaw(t, files, fields);
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.statusCode} ${response.body}`);
  return response.json<Media[]>();
}

/** An image row without files, for tests that only need an id an image really has. */
export async function addMediaRow(db: Kysely<Database>, title = 'Test image'): Promise<number> {
  const fileName = `${randomBytes(16).toString('hex')}.png`;
  const values = { file_name: fileName, original_name: 'test.png', mime_type: 'image/png', width: 10, height: 10, size_bytes: 100, title };
  return (await db.insertInto('media').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** An empty gallery, for tests that only need an id a gallery really has. */
export async function addGallery(db: Kysely<Database>): Promise<number> {
  return (await db.insertInto('galleries').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * A 16-bit PNG of one colour: a few hundred kilobytes that unpack to hundreds of megabytes (the
 * 7000 x 7000 default is 294 MB decoded). Made with sharp once (2 to 3 s) and kept in `.tmp`.
 */
export async function heavyPng(width = 7000, height = 7000): Promise<Buffer> {
  const file = path.resolve('.tmp', `heavy-${width}x${height}-16bit.png`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, bytes);
  renameSync(`${file}.part`, file);
  return bytes;
}
