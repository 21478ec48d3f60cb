import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-errors.js';

/** How deep a request body's arrays and objects may nest; the deepest body the app sends is far shallower. */
export const JSON_MAX_DEPTH = 64;

/** The body limit of routes anyone may call (login): checked on the stream, before anything is parsed. */
export const PUBLIC_BODY_LIMIT_BYTES = 4 * 1024;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when JSON text nests arrays and objects deeper than `limit`. One pass over the text that
 * skips strings (a bracket inside one is text) and stops as soon as the limit is passed, so it
 * costs far less than parsing: JSON.parse of 2 MB of nested arrays took 156 ms of the server's
 * thread. Text that is not JSON is left for the parser to refuse.
 */
export function jsonNestsTooDeep(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that refuses bodies nested past JSON_MAX_DEPTH
 * before parsing, then parses as Fastify does (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys). Every route of `app` and its plugins uses it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Read as a string (parseAs), so toString() only narrows the type.
    const text = body.toString();
    if (jsonNestsTooDeep(text)) {
      done(badRequest(`The request body nests more than ${JSON_MAX_DEPTH} levels deep`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
