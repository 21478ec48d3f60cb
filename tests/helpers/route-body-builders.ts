import { accountActionBody, changePasswordBody, forgetFailedLogins, newStaffBody, reactivateBody } from './fuzz-staff-accounts.js';
import { multipartBody } from './media-test-data.js';
import { rolloverBody } from './rollover-body.js';
import { TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD } from './test-app.js';
import type { BodyBuilder, BuilderContext } from './valid-request-bodies.js';

/**
 * Routes whose valid body cannot be derived from what the API reads back, each with a body made
 * by hand (keyed `METHOD /path` under the API prefix). Every other POST and PUT gets its valid
 * body the generic way (valid-request-bodies.ts).
 */
export const ROUTE_BODY_BUILDERS: Record<string, BodyBuilder> = {
  'POST /auth/login': loginBody,
  'POST /auth/change-password': changePasswordBody,
  'POST /staff': newStaffBody,
  'POST /staff/:id/reset-password': accountActionBody,
  'POST /staff/:id/deactivate': accountActionBody,
  'POST /staff/:id/reactivate': reactivateBody,
  // The upload is a multipart form, registered at `media/` and `media`.
  'PUT /media/': uploadForm,
  'PUT /media': uploadForm,
  // A roll-over needs a target season the tour is not yet in: the builder makes one each time.
  'POST /rollovers/preview': rolloverBody,
  'POST /rollovers': rolloverBody,
};

/**
 * Routes that may have no body they accept in the fuzz run, with the reason. Any other route
 * without one fails the fuzz suite by name, so no route loses its accepted requests unnoticed.
 */
export const ROUTES_WITHOUT_VALID_BODY: Record<string, string> = {};

/**
 * PUT routes that write no versioned record, with the reason. Every other PUT must require the
 * version it read (400 without it, 409 when stale), which the fuzz suite checks route by route.
 */
export const PUTS_WITHOUT_VERSION: Record<string, string> = {
  'PUT /media/': 'an upload creates new images; there is nothing read to be stale',
  'PUT /media': 'an upload creates new images; there is nothing read to be stale',
  'PUT /tours/re/orders': 'the listing order is no part of any tour form and leaves the tours’ versions alone',
};

/** The test user's credentials, its failed logins forgotten first (see forgetFailedLogins). */
async function loginBody({ t }: BuilderContext) {
  await forgetFailedLogins(t);
  return { kind: 'json' as const, value: { email_address: TEST_STAFF_EMAIL, password: TEST_STAFF_PASSWORD } };
}

/** One small image with a title of its own; the form is sent as multipart (see multipartFromDescription). */
async function uploadForm({ unique }: BuilderContext) {
  return {
    kind: 'form' as const,
    value: { fields: { upload_title: unique('Fuzz image'), upload_alt: 'A square of one colour' }, files: [{ name: 'fuzz.png', type: 'image/png' }] },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A multipart form from its description `{ fields: { name: value or values }, files: [{ name, type }] }`,
 * every file carrying `image`. Any JSON is taken (the fuzz mutates descriptions): what is not
 * text becomes text, and what is not the expected shape is left out.
 */
export function multipartFromDescription(description: unknown, image: Buffer) {
  const form = isObject(description) ? description : {};
  const fields = isObject(form.fields) ? form.fields : {};
  const files = Array.isArray(form.files) ? form.files : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return multipartBody(
    files.map((file) => (isObject(file) ? { name: text(file.name), type: text(file.type ?? 'image/png'), bytes: image } : { name: text(file), bytes: image })),
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value.map(text) : text(value)])),
  );
}
