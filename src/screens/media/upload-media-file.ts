import { API_BASE, endSessionAfterUnauthorised } from '../../api/api-client.js';
import { ApiError, messagesFromBody } from '../../api/api-error.js';
import { readToken } from '../../api/auth-token.js';
import { mediaEndpoints } from '../../domain/contract/media.js';
import { MEDIA_TEXT_FIELDS, type Media, type MediaText } from '../../domain/media/media-schema.js';

/**
 * `PUT media/` for one file, with its words. XMLHttpRequest rather than fetch because only it
 * reports how much of the body has been sent, which the progress bar shows.
 */
export function uploadMediaFile(file: File, text: MediaText, onProgress: (fraction: number) => void): Promise<Media> {
  const form = new FormData();
  // The words go first, so the server has them when the file arrives.
  for (const field of MEDIA_TEXT_FIELDS) form.append(`upload_${field}`, text[field]);
  form.append('upload', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(mediaEndpoints.upload.method, `${API_BASE}${mediaEndpoints.upload.path}`);
    request.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300 && Array.isArray(body) && body.length) {
        onProgress(1);
        resolve(body[0] as Media);
        return;
      }
      if (request.status === 401) endSessionAfterUnauthorised();
      const items = messagesFromBody(body);
      reject(new ApiError(request.status, items.length ? items : [{ msg: `Request failed (HTTP ${request.status})` }]));
    });
    const interrupted = () => reject(new ApiError(0, [{ msg: 'The upload was interrupted. Check the connection and try again.' }]));
    request.addEventListener('error', interrupted);
    request.addEventListener('abort', interrupted);
    request.send(form);
  });
}
