import type { FastifyInstance } from 'fastify';
import { MEDIA_FILES_PATH } from '../../../domain/media/media-schema.js';
import type { ServerConfig } from '../../config.js';
import { storedFileType } from '../../media/media-storage.js';
import { mediaStoreOf } from '../../media/media-store.js';
import { byteRangeOf } from './byte-range.js';

const missing = { errors: [{ msg: 'No such image' }] };

/**
 * `GET /media-files/{name}`: the stored images and their sizes. Outside the API so an <img> can load
 * them without a token (they are the website's pictures); only names the storage made are served,
 * from the media store alone (a folder or a bucket), as images the browser may not reinterpret.
 * A `Range: bytes=` header gets that part of the file (206), as browsers and proxies ask when
 * resuming; a range past the end gets 416.
 */
export function registerMediaFileRoute(app: FastifyInstance, config: ServerConfig) {
  const store = mediaStoreOf(config);
  app.get<{ Params: { name: string } }>(`${MEDIA_FILES_PATH}/:name`, async (request, reply) => {
    const mimeType = storedFileType(request.params.name);
    const size = mimeType ? await store.size(request.params.name) : null;
    if (!mimeType || size === null) return reply.status(404).header('cache-control', 'no-store').send(missing);
    reply
      .header('content-type', mimeType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .header('x-content-type-options', 'nosniff')
      // The public website shows these pictures from its own address; everything else stays same-origin.
      .header('cross-origin-resource-policy', 'cross-origin');
    const range = byteRangeOf(request.headers.range, size);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
    if (range === null) return reply.header('content-length', size).send(await store.read(request.params.name));
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await store.read(request.params.name, range));
  });
}
