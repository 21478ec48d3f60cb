import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { MEDIA_FILES_PATH } from '../../../domain/media/media-schema.js';
import type { ServerConfig } from '../../config.js';
import { storedFilePath } from '../../media/media-storage.js';

const missing = { errors: [{ msg: 'No such image' }] };

/**
 * `GET /media-files/{name}`: the stored images and their sizes. Outside the API so an <img> can load
 * them without a token (they are the website's pictures); only names the storage made are served,
 * from the media folder alone, as images the browser may not reinterpret.
 */
export function registerMediaFileRoute(app: FastifyInstance, config: ServerConfig) {
  app.get<{ Params: { name: string } }>(`${MEDIA_FILES_PATH}/:name`, async (request, reply) => {
    const file = storedFilePath(config.mediaDir, request.params.name);
    const stats = file ? await stat(file.filePath).catch(() => null) : null;
    if (!file || !stats?.isFile()) return reply.status(404).header('cache-control', 'no-store').send(missing);
    return (
      reply
        .header('content-type', file.mimeType)
        .header('content-length', stats.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .header('x-content-type-options', 'nosniff')
        // The public website shows these pictures from its own address; everything else stays same-origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(createReadStream(file.filePath))
    );
  });
}
