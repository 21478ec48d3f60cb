import { z } from 'zod';
import { DEFAULT_REDIRECT_CODE, NEW_URL_MESSAGE, OLD_URL_MESSAGE, REDIRECT_CODES } from './content-constants.js';
import { partialFields, requiredVersionField } from './content-fields.js';

const URL_MAX = 2_000;

const ANOTHER_SITE = /^(?:https?:)?\/\//i;
// Browsers drop tabs and line breaks inside an address ('/\t/evil' is '//evil'): refuse any.
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/**
 * Where a redirect's new URL leads: `{ host: null }` for a path of this site, the host name (lower
 * case) for an address of another site, absolute (`https://x/`) or protocol-relative (`//x/`, or
 * `/\x/`, since browsers read a backslash as a slash); null when it is neither.
 */
export function redirectTarget(url: string): { host: string | null } | null {
  if (SPACE_OR_CONTROL.test(url)) return null;
  const normal = url.replace(/\\/g, '/');
  if (ANOTHER_SITE.test(normal)) {
    try {
      const host = new URL(normal.startsWith('//') ? `https:${normal}` : normal).hostname.toLowerCase();
      return host ? { host } : null;
    } catch {
      return null;
    }
  }
  return normal.startsWith('/') && normal.endsWith('/') ? { host: null } : null;
}

export const redirectFieldsSchema = z.object({
  old_url: z
    .string({ error: OLD_URL_MESSAGE })
    .trim()
    .max(URL_MAX, `Old URL must be at most ${URL_MAX} characters`)
    .refine((url) => url.startsWith('/'), OLD_URL_MESSAGE),
  new_url: z
    .string({ error: NEW_URL_MESSAGE })
    .trim()
    .max(URL_MAX, `New URL must be at most ${URL_MAX} characters`)
    .refine((url) => redirectTarget(url) !== null, NEW_URL_MESSAGE),
  code: z.coerce
    .number({ error: `Code must be one of ${REDIRECT_CODES.join(', ')}` })
    .pipe(z.literal(REDIRECT_CODES, `Code must be one of ${REDIRECT_CODES.join(', ')}`))
    .default(DEFAULT_REDIRECT_CODE),
  show: z.boolean({ error: 'Show must be true or false' }).default(true),
});
export const SAME_URL_MESSAGE = 'The new URL must differ from the old URL';

/** `POST redirects`. */
export const redirectCreateSchema = redirectFieldsSchema.refine((redirect) => redirect.old_url !== redirect.new_url, {
  message: SAME_URL_MESSAGE,
  path: ['new_url'],
});
export type RedirectFields = z.output<typeof redirectFieldsSchema>;

/** `PUT redirects/{id}` (or `PUT redirects` with the id in the body): fields sent replace the stored ones. */
export const redirectUpdateSchema = partialFields(redirectFieldsSchema).extend({ id: z.int().positive().optional(), version: requiredVersionField });

export const redirectSchema = z.object({ id: z.number(), version: z.number(), old_url: z.string(), new_url: z.string(), code: z.number(), show: z.boolean() });
export type Redirect = z.infer<typeof redirectSchema>;

/** A new redirect form's values: code 301, shown. */
export const newRedirect = (): RedirectFields => ({ old_url: '/', new_url: '/', code: DEFAULT_REDIRECT_CODE, show: true });
