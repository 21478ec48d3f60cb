import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mediaSchema, mediaTextSchema, MEDIA_TEXT_FIELDS, type MediaText } from '../../../domain/media/media-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { badRequest, HttpError } from '../../http-errors.js';
import { displayName, removeImageFiles, storeImage, titleFromName, type StoredImage } from '../../media/media-storage.js';
import { toMedia } from './media-rows.js';

const MAX_FILES = 20;
const UPLOAD_FIELD = 'upload';
const TEXT_FIELDS = new Map(MEDIA_TEXT_FIELDS.map((field) => [`upload_${field}`, field]));

type Received = { name: string; bytes: Buffer };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Reads the whole form: files into memory (each at most the configured size, so memory is bounded)
 * and the text fields by name. A file that is too large answers 413 with its name; a form the
 * parser cannot read to its end (cut short, a malformed part) is the sender's fault: 400.
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
  const parts = request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fields: 100, fieldSize: 8 * 1024, parts: MAX_FILES + 100 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const name = displayName(part.filename) || `file ${files.length + 1}`;
      if (part.fieldname !== UPLOAD_FIELD) throw badRequest(`Send images in the "${UPLOAD_FIELD}" field`, part.fieldname);
      try {
        files.push({ name, bytes: await part.toBuffer() });
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, [{ msg: `${name} is larger than the limit of ${megabytes(maxBytes)}`, path: UPLOAD_FIELD }]);
        }
        throw error;
      }
    } else if (TEXT_FIELDS.has(part.fieldname)) {
      texts.set(part.fieldname, [...(texts.get(part.fieldname) ?? []), String(part.value ?? '')]);
    }
  }
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
  // Multipart forms are read only here: the rest of the API stays JSON.
  api.register(async (scope: Api) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const handler = async (request: FastifyRequest) => {
      if (!request.isMultipart()) throw badRequest(`Send the images as a multipart form, in the "${UPLOAD_FIELD}" field`, UPLOAD_FIELD);
      const { files, texts } = await readForm(request, config.mediaMaxBytes);
      if (!files.length) throw badRequest('Choose at least one image to upload', UPLOAD_FIELD);
      const described = files.map((file, index) => ({ file, text: textFor(texts, index, file) }));
      const stored: StoredImage[] = [];
      try {
        for (const { file } of described) stored.push(await storeImage(config.mediaDir, file.bytes, file.name));
        const rows = await db.transaction().execute(async (trx) => {
          const inserted = [];
          for (const [index, { file, text }] of described.entries()) {
            const image = stored[index];
            const values = { file_name: image.fileName, original_name: file.name, mime_type: image.mimeType, width: image.width, height: image.height, size_bytes: image.sizeBytes, ...text };
            inserted.push(await trx.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow());
          }
          return inserted;
        });
        return rows.map(toMedia);
      } catch (error) {
        await Promise.all(stored.map((image) => removeImageFiles(config.mediaDir, image.fileName)));
        throw error;
      }
    };
    const options = { schema: { response: { 201: z.array(mediaSchema) } } };
    for (const url of ['/media/', '/media']) {
      scope.put(url, options, async (request, reply) => reply.status(201).send(await handler(request)));
    }
  });
}
