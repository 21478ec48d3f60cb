import { z } from 'zod';
import { DEFAULT_REDIRECT_CODE, NEW_URL_MESSAGE, OLD_URL_MESSAGE, REDIRECT_CODES } from './content-constants.js';
import { partialFields, requiredVersionField } from './content-fields.js';
import { readAddress, resolvedPath } from '../safe-path.js';

const URL_MAX = 2_000;

// An absolute address of a web site, or a protocol-relative one.
const ANOTHER_SITE = /^(?:https?:)?\/\//i;

/** The host an absolute or protocol-relative address leads to, in lower case; null when it has none. */
function hostOf(address: string): { host: string } | null {
  try {
    const host = new URL(address.startsWith('//') ? `https:${address}` : address).hostname.toLowerCase();
    return host ? { host } : null;
  } catch {
    return null;
  }
}

/**
 * Where a redirect's new URL leads: `{ host: null }` for a path of this site, the host name (lower
 * case) for an address of another site, absolute (`https://x/`) or protocol-relative (`//x/`, or
 * `/\x/`, since browsers read a backslash as a slash); null when it is neither. The address is
 * read as the most lenient reader would: decoded until stable (`/%2f/x/` is `//x/`) and its dot
 * segments resolved (`/..//x/` is the path `//x/`, which the next hop reads as the site x).
 */
export function redirectTarget(url: string): { host: string | null } | null {
  const address = readAddress(url);
  if (address === null) return null;
  if (ANOTHER_SITE.test(address)) return hostOf(address);
  if (!address.startsWith('/') || !address.endsWith('/')) return null;
  const path = resolvedPath(address);
  return path.startsWith('//') ? hostOf(path) : { host: null };
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
