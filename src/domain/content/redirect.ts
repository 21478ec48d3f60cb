import { z } from 'zod';
import { DEFAULT_REDIRECT_CODE, NEW_URL_MESSAGE, OLD_URL_MESSAGE, REDIRECT_CODES } from './content-constants.js';
import { partialFields, requiredVersionField } from './content-fields.js';

const URL_MAX = 2_000;

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
    .refine((url) => url.startsWith('/') && url.endsWith('/'), NEW_URL_MESSAGE),
  code: z.coerce
    .number({ error: `Code must be one of ${REDIRECT_CODES.join(', ')}` })
    .pipe(z.literal(REDIRECT_CODES, `Code must be one of ${REDIRECT_CODES.join(', ')}`))
    .default(DEFAULT_REDIRECT_CODE),
  show: z.boolean({ error: 'Show must be true or false' }).default(true),
});
export const SAME_URL_MESSAGE = 'The new URL must differ from the old URL';

/** `POST redirects`. */
export const redirectCreateSchema = redirectFieldsSchema.refine((redirect) => redirect.old_url !== redirect.new_url, { message: SAME_URL_MESSAGE, path: ['new_url'] });
export type RedirectInput = z.input<typeof redirectCreateSchema>;
export type RedirectFields = z.output<typeof redirectFieldsSchema>;

/** `PUT redirects/{id}` (or `PUT redirects` with the id in the body): fields sent replace the stored ones. */
export const redirectUpdateSchema = partialFields(redirectFieldsSchema).extend({ id: z.int().positive().optional(), version: requiredVersionField });
export type RedirectUpdate = z.input<typeof redirectUpdateSchema>;

export const redirectSchema = z.object({ id: z.number(), version: z.number(), old_url: z.string(), new_url: z.string(), code: z.number(), show: z.boolean() });
export type Redirect = z.infer<typeof redirectSchema>;

/** A new redirect form's values: code 301, shown. */
export const newRedirect = (): RedirectFields => ({ old_url: '/', new_url: '/', code: DEFAULT_REDIRECT_CODE, show: true });
