import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_PER_PAGE, type referenceListQuerySchema } from '../../../domain/reference/reference-list-query.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';

/**
 * Validates a whole record: the stored fields with an update's fields laid over them (an update
 * changes only what it sends). Fails with 400 and every problem, before anything is written.
 */
export function validateRecord<Schema extends z.ZodType>(schema: Schema, stored: object, changes: object): z.output<Schema> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const result = schema.safeParse({ ...stored, ...given });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export const validationError = (error: z.ZodError) =>
  new HttpError(
    400,
    error.issues.map((issue) => ({ msg: issue.message, path: issue.path.map(String).join('.') || undefined })),
  );

/** An update's `id` may come in the path or in the body (`PUT redirects` and `PUT redirects/{id}`). */
export function idOfUpdate(pathId: number | undefined, bodyId: number | undefined): number {
  const id = pathId ?? bodyId;
  if (id === undefined) throw new HttpError(400, [{ msg: 'Send the id of the record to update', path: 'id' }]);
  if (pathId !== undefined && bodyId !== undefined && pathId !== bodyId)
    throw new HttpError(400, [{ msg: 'The id in the body differs from the id in the address', path: 'id' }]);
  return id;
}

/** One page of a list, or the whole list when the query asks for no page (SPEC.md's plain array). */
export type ListPaging = { paged: boolean; page: number; perPage: number; limit: number | null; offset: number };

export function listPaging(query: z.output<typeof referenceListQuerySchema>): ListPaging {
  const paged = query.q !== undefined || query.page !== undefined || query.per_page !== undefined;
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { paged, page, perPage, limit: paged ? perPage : null, offset: paged ? (page - 1) * perPage : 0 };
}

export const listAnswer = <Row>(paging: ListPaging, rows: Row[], total: number) =>
  paging.paged ? { results: rows, total, page: paging.page, per_page: paging.perPage } : rows;

/** `%text%` for a case-insensitive LIKE, with the pattern characters of the text escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export const isoTime = (value: Date | string) => new Date(value).toISOString();

/**
 * Content answers leave serialised through their entry's response schema, as these routes always
 * did: a record never carries more than its schema lists.
 */
export const serialize = { serialize: true };

/** Each image field of a record names an image of the library (400 on the field otherwise). */
export async function assertImagesExist<Row extends object>(db: Kysely<Database>, record: Row, fields: readonly (keyof Row & string)[]) {
  for (const field of fields) {
    const id = record[field];
    if (typeof id === 'number') await assertIdsExist(db, 'media', [id], field);
  }
}
