import { priceInputProblem } from '../../domain/pricing/price-input-rules';
import type { GridRow } from './grid-row';
import { readBulkInput } from './read-bulk-input';
import { setEveryRow, type SetEveryRowResult } from './set-every-row';

/** `refused`: why the amount was not applied, when an adjustment cannot hold it. */
export type AdjustAllResult<R extends GridRow> = SetEveryRowResult<R> & { refused?: string };

/**
 * The bar's Adjust input: sets the adjustment (pounds added to the subtotal to give the cost)
 * of every row given to `amount`. It sets rather than adds, like the commission input beside
 * it, so applying it twice is harmless. Zero or empty input is ignored (SPEC.md section 5):
 * adjustments are cleared with Find & Replace or by editing, not from this input. An amount a
 * typed adjustment could not hold (a third decimal, past the money limit) changes nothing.
 */
export function adjustAll<R extends GridRow>(rows: readonly R[], amount: number | string | null | undefined): AdjustAllResult<R> {
  const value = readBulkInput(amount);
  if (value === null) return { rows: rows as R[], changes: [], count: 0 };
  const refused = priceInputProblem('adjustment', value);
  if (refused !== null) return { rows: rows as R[], changes: [], count: 0, refused };
  return setEveryRow(rows, 'adjustment', value);
}
