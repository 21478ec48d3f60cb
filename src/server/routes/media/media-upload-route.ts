import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_FILES_PER_UPLOAD, mediaTextSchema, MEDIA_TEXT_FIELDS, type MediaText } from '../../../domain/media/media-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { sessionOf } from '../../auth/auth-hook.js';
import { insertMedia } from '../../db/repositories/media-repository.js';
import { releaseUploadSlot, takeUploadSlot } from '../../db/repositories/upload-slot-repository.js';
import { badRequest, HttpError } from '../../http-errors.js';
import { checkImageStart, displayName, removeImageFiles, storeImage, titleFromName, type StoredImage } from '../../media/media-storage.js';
import { mediaStoreOf } from '../../media/media-store.js';
import { toMedia } from './media-rows.js';
import { mediaEndpoints } from '../../../domain/contract/media.js';
import { registerEndpoint } from '../register-endpoint.js';

const MAX_FILES = MEDIA_MAX_FILES_PER_UPLOAD;
// A PNG says its size in its first 24 bytes; a JPEG after its EXIF and colour profile, well within
// this. A file whose header is not found here is checked whole once it has arrived.
const HEADER_SCAN_BYTES = 256 * 1024;
const UPLOAD_FIELD = 'upload';
// An upload slot older than this was left by a process that died during the upload; it no longer counts.
const SLOT_ABANDONED_AFTER_MS = 15 * 60_000;
const TEXT_FIELDS = new Map(MEDIA_TEXT_FIELDS.map((field) => [`upload_${field}`, field]));

type Received = { name: string; bytes: Buffer };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Reads a stream to its end, keeping nothing. */
async function discard(stream: AsyncIterable<unknown>) {
  for await (const chunk of stream) void chunk;
}

/**
 * One file into memory, checked from its first bytes as they arrive: a file that is not a PNG or
 * JPEG, or whose header gives too many pixels, is refused then, and the rest of it is read and
 * dropped, never kept or decoded. (Answering before the body has arrived would reset the
 * connection, and the browser would show a network error instead of the reason.)
 */
async function readCheckedFile(part: MultipartFile, name: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let headerChecked = false;
  let refusal: unknown = null;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (refusal) continue;
      chunks.push(chunk);
      size += chunk.length;
      if (headerChecked) continue;
      try {
        headerChecked = (await checkImageStart(Buffer.concat(chunks), name)) || size >= HEADER_SCAN_BYTES;
      } catch (error) {
        refusal = error;
        chunks.length = 0;
      }
    }
  } catch (error) {
    // The form was cut short after the file was refused: the refusal says more.
    throw refusal ?? error;
  }
  if (refusal) throw refusal;
  // Past the size limit the parser stops the file short: what was read is not the picture.
  if (part.file.truncated) throw new HttpError(413, [{ msg: `${name} is larger than the limit of ${megabytes(maxBytes)}`, path: UPLOAD_FIELD }]);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole form: files into memory (each at most the configured size, at most
 * MEDIA_MAX_FILES_PER_UPLOAD of them, so memory is bounded) and the text fields by name. A file
 * that is too large answers 413 with its name; a form the parser cannot read to its end (cut
 * short, a malformed part) is the sender's fault: 400.
 */
async function readForm(request: FastifyRequest, maxBytes: number) {
  try {
    return await readParts(request, maxBytes);
  } catch (error) {
    // Our own refusals and the multipart plugin's limits carry their status; the parser's complaints carry none.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    request.log.info({ err: error }, 'unreadable multipart form');
    throw badRequest('The upload form could not be read to its end (cut short or malformed); send it again', UPLOAD_FIELD);
  }
}

async function readParts(request: FastifyRequest, maxBytes: number) {
  const files: Received[] = [];
  const texts = new Map<string, string[]>();
  // One file past the limit is let through to the loop, which refuses it with a sentence.
  const parts = request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES + 1, fields: 100, fieldSize: 8 * 1024, parts: MAX_FILES + 101 } });
  // The first refusal is the answer; the parts after it are read to the end and dropped.
  let refusal: HttpError | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file' && refusal) await discard(part.file);
      else if (part.type === 'file') {
        try {
          const name = displayName(part.filename) || `file ${files.length + 1}`;
          if (part.fieldname !== UPLOAD_FIELD) throw badRequest(`Send images in the "${UPLOAD_FIELD}" field`, part.fieldname);
          if (files.length >= MAX_FILES) throw badRequest(`At most ${MAX_FILES} images can be uploaded at once`, UPLOAD_FIELD);
          files.push({ name, bytes: await readCheckedFile(part, name, maxBytes) });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refusal = error;
          files.length = 0;
          await discard(part.file);
        }
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        texts.set(part.fieldname, [...(texts.get(part.fieldname) ?? []), String(part.value ?? '')]);
      }
    }
  } catch (error) {
    // A form cut short after a refusal: the refusal says more than the parser's complaint.
    throw refusal ?? error;
  }
  if (refusal) throw refusal;
  return { files, texts };
}

/** The words for the i-th file: the i-th value of each upload_* field, its file name as title when none. */
function textFor(texts: Map<string, string[]>, index: number, file: Received): MediaText {
  const given = Object.fromEntries(MEDIA_TEXT_FIELDS.map((field) => [field, texts.get(`upload_${field}`)?.[index] ?? '']));
  const parsed = mediaTextSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${file.name}: ${issue.message}`, `upload_${String(issue.path[0])}`);
  }
  return { ...parsed.data, title: parsed.data.title || titleFromName(file.name) };
}

/**
 * `PUT media/`: one or more images (field `upload`) with upload_title, upload_alt, upload_credit
 * and upload_caption (the i-th value goes with the i-th file). PNG and JPEG only, recognised by
 * their bytes; all are stored or none.
 */
export function registerMediaUploadRoute(api: Api, { db, config }: AppContext) {
  // Uploads in progress per staff member, over every server process (upload_slots): a few users
  // sending many forms at once would otherwise hold memory and the image workers, and slow
  // everyone's reads.
  const handler = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw badRequest(`Send the images as a multipart form, in the "${UPLOAD_FIELD}" field`, UPLOAD_FIELD);
    const { userId } = sessionOf(request);
    const now = new Date();
    const slotId = randomUUID();
    const running = await takeUploadSlot(db, {
      slotId,
      userId,
      now,
      abandonedBefore: new Date(now.getTime() - SLOT_ABANDONED_AFTER_MS),
      limit: config.uploadsPerUser,
    });
    if (running !== null) {
      throw new HttpError(429, [{ msg: `You already have ${running} uploads in progress; wait for one to finish, then upload again`, path: UPLOAD_FIELD }]);
    }
    try {
      return await receiveAndStore(request);
    } finally {
      await releaseUploadSlot(db, slotId);
    }
  };

  const receiveAndStore = async (request: FastifyRequest) => {
    const { files, texts } = await readForm(request, config.mediaMaxBytes);
    if (!files.length) throw badRequest('Choose at least one image to upload', UPLOAD_FIELD);
    const described = files.map((file, index) => ({ file, text: textFor(texts, index, file) }));
    const stored: StoredImage[] = [];
    try {
      for (const { file } of described) stored.push(await storeImage(mediaStoreOf(config), file.bytes, file.name));
      const rows = await db.transaction().execute(async (trx) => {
        const inserted = [];
        for (const [index, { file, text }] of described.entries()) {
          const image = stored[index];
          const values = {
            file_name: image.fileName,
            original_name: file.name,
            mime_type: image.mimeType,
            width: image.width,
            height: image.height,
            size_bytes: image.sizeBytes,
            ...text,
          };
          inserted.push(await insertMedia(trx, values));
        }
        return inserted;
      });
      return rows.map(toMedia);
    } catch (error) {
      await Promise.all(stored.map((image) => removeImageFiles(mediaStoreOf(config), image.fileName)));
      throw error;
    }
  };

  // Multipart forms are read only here: the rest of the API stays JSON.
  api.register(async (scope: Api) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    for (const endpoint of [mediaEndpoints.upload, mediaEndpoints.uploadWithoutSlash]) {
      registerEndpoint(
        scope,
        endpoint,
        async (request, reply) => {
          const stored = await handler(request);
          reply.status(201);
          return stored;
        },
        { serialize: true },
      );
    }
  });
}
