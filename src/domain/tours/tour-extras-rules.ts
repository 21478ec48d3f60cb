// The small rules of the supplements, extra nights and reductions screens (SPEC.md sections 5
// and 9), shared by the screens and by the schemas the server validates with.

/**
 * SPEC.md section 5: a number typed into a pax, percent, cost, input or output field, or null
 * when the field is empty or not numeric. Numbers pass unchanged (a non-finite one is not a
 * number either); numeric text ('12', ' 2.5 ') becomes its number.
 */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The same conversion for a schema's preprocess: values that are neither numbers, text nor
 * nothing (a boolean, a list, an object) are left for the schema to refuse as bad input.
 */
export function numberOrNullInput(value: unknown): unknown {
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'string') return numberOrNull(value);
  return value;
}

export type PrePost = { pre: boolean; post: boolean };

/**
 * SPEC.md section 5: at least one of Pre and Post stays checked; unchecking the last checked one
 * re-checks it.
 */
export function togglePrePost(flags: PrePost, flag: keyof PrePost, checked: boolean): PrePost {
  const next = { ...flags, [flag]: checked };
  return next.pre || next.post ? next : { ...next, [flag]: true };
}

export const hasPreOrPost = (flags: PrePost): boolean => flags.pre || flags.post;

/** SPEC.md section 9: a new free-child reduction is free (percent 100) up to age 5. */
export const FREE_CHILD_PERCENT = 100;
export const FREE_CHILD_OUTPUT_MAX_AGE = 5;

/** The reduction fields that become null on save when empty or not numeric (SPEC.md section 5). */
export const REDUCTION_NUMERIC_FIELDS = ['percent', 'cost', 'input_quantity', 'input_min', 'input_max', 'output_quantity', 'output_min', 'output_max'] as const;
export type ReductionNumericField = (typeof REDUCTION_NUMERIC_FIELDS)[number];

/** A reduction's numeric fields as they go into a save: numbers or null, never '' or text. */
export function reductionNumbersForSave<Row extends Partial<Record<ReductionNumericField, unknown>>>(
  row: Row,
): Omit<Row, ReductionNumericField> & Record<ReductionNumericField, number | null> {
  const converted = Object.fromEntries(REDUCTION_NUMERIC_FIELDS.map((field) => [field, numberOrNull(row[field])])) as Record<
    ReductionNumericField,
    number | null
  >;
  return { ...row, ...converted };
}

/** A party extra variation's pax bounds as they go into a save (SPEC.md section 5). */
export function paxForSave<Row extends { min_pax?: unknown; max_pax?: unknown }>(
  row: Row,
): Omit<Row, 'min_pax' | 'max_pax'> & { min_pax: number | null; max_pax: number | null } {
  return { ...row, min_pax: numberOrNull(row.min_pax), max_pax: numberOrNull(row.max_pax) };
}
