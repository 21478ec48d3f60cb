import { z } from 'zod';
import { idListField } from '../reference/reference-fields.js';
import { isCalendarDate } from '../iso-date.js';

// Building blocks shared by the content schemas (the reference-data ones live in ../reference).

export { requiredVersionField } from '../reference/reference-fields.js';

/** An id list where each id may appear once (related tours, bikes...). */
export const distinctIdListField = (label: string) => idListField(label).refine((ids) => new Set(ids).size === ids.length, `${label}: each may appear once`);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a form holds for a date the browser's date field has only in part (its value is then empty,
 * and `validity.badInput` true): refused naming the field, never saved as no date (issue 28).
 */
export const INCOMPLETE_DATE = 'incomplete';

/** A calendar date 'YYYY-MM-DD', or none: '' and null both mean none. */
export const optionalDateField = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .regex(DATE_PATTERN, {
        error: (issue) =>
          issue.input === INCOMPLETE_DATE
            ? `${label} is incomplete: enter the day, the month and the year, or clear it`
            : `${label} must be a date (YYYY-MM-DD)`,
        abort: true,
      })
      .refine(isCalendarDate, `${label} must be a real date`)
      .nullable(),
  );

/** A whole number used to sort rows; absent means 0. */
export const orderField = (label = 'Order') =>
  z.int(`${label} must be a whole number`).min(-1_000_000, `${label} is out of range`).max(1_000_000, `${label} is out of range`).default(0);

type Defaulted = z.ZodDefault<z.ZodType>;
type WithoutDefault<Field> = Field extends z.ZodDefault<infer Inner> ? Inner : Field;
type PartialShape<Shape extends z.ZodRawShape> = { [Key in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Key]>> };

/**
 * The fields of an update: every one optional and without its default, so a call that sends only
 * some fields changes only those. The server merges them onto the stored record and validates
 * the result with the full schema.
 */
export function partialFields<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): z.ZodObject<PartialShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? (field as Defaulted).unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<PartialShape<Shape>>;
}

/** An item of a list answer: the id and title of a linked record, for display. */
export const linkedTourSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type LinkedTour = z.infer<typeof linkedTourSchema>;

/** `?q=&page=&per_page=` on a content list; without them the list answers a plain array. */
export { referenceListQuerySchema as contentListQuerySchema, type PagedList } from '../reference/reference-list-query.js';

/** A content list's answer: the plain array without a query, one page of it with one. */
export const listAnswerSchema = <Item extends z.ZodType>(item: Item) =>
  z.union([z.array(item), z.object({ results: z.array(item), total: z.number(), page: z.number(), per_page: z.number() })]);

/**
 * A body that may be a list or a single object (`PUT pages/{id}/blocks`, `POST navigations`).
 * A plain union would answer only 'Invalid input'; this picks the schema by the body's shape, so
 * the problems name their fields.
 */
export function listOrObject<List extends z.ZodType, Item extends z.ZodType>(list: List, item: Item) {
  return z.unknown().transform((value, context): z.output<List> | z.output<Item> => {
    const result = (Array.isArray(value) ? list : item).safeParse(value);
    if (result.success) return result.data as z.output<List> | z.output<Item>;
    for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
