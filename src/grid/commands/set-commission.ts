import type { GridRow } from './grid-row';
import { readBulkInput } from './read-bulk-input';
import { setEveryRow, type SetEveryRowResult } from './set-every-row';

/**
 * The bar's Commission input: gives every row given the season model's rate `rateId` (the
 * grid's commission column is a choice of rate and stores `markup_rate_id`). Zero, empty or a
 * non-integer is ignored (SPEC.md section 5; rate ids are positive integers). Whether the rate
 * belongs to the season's model is the screen's to offer, since it lists only those rates.
 */
export function setCommission<R extends GridRow>(rows: readonly R[], rateId: number | string | null | undefined): SetEveryRowResult<R> {
  const value = readBulkInput(rateId);
  if (value === null || !Number.isInteger(value) || value < 0) return { rows: rows as R[], changes: [], count: 0 };
  return setEveryRow(rows, 'markup_rate_id', value);
}
