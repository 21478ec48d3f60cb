// What a typed gross, non-com or adjustment may hold (issue 27), written once: the grid's cells
// refuse what breaks them with the reason, and the server refuses a save holding it, naming the row.
// A formula's result is not typed: it keeps its decimals (230 legacy prices carry more than two)
// and is checked where it is evaluated (src/formulas/row-outcome.ts).

import { moneyDecimalsProblem } from '../money-decimals.js';
import { MAX_MONEY } from './price-fields.js';

export type PriceInputField = 'gross' | 'non_com' | 'adjustment';

/** The columns as staff see them, for messages naming a cell. */
export const PRICE_INPUT_LABELS: Record<PriceInputField, string> = { gross: 'Gross', non_com: 'Non-com', adjustment: 'Adjustment' };

/** A plain row (no formula) whose gross was cleared: blank in the grid, and never stored as 0. */
export const GROSS_MISSING = 'Gross is missing';

const NOUNS: Record<PriceInputField, string> = { gross: 'A gross', non_com: 'A non-com', adjustment: 'An adjustment' };
const LIMIT = MAX_MONEY.toLocaleString('en-GB');

/**
 * Why `value` cannot be typed into `field`, or null when it can: gross and non-com are never
 * negative (an adjustment may take money off), nothing passes the money limit either way, and no
 * amount has more than two decimals.
 */
export function priceInputProblem(field: PriceInputField, value: number): string | null {
  if (!Number.isFinite(value)) return 'Not a number';
  if (value < 0 && field !== 'adjustment') return `${NOUNS[field]} cannot be negative`;
  if (value > MAX_MONEY) return `At most ${LIMIT}`;
  if (value < -MAX_MONEY) return `At least -${LIMIT}`;
  return moneyDecimalsProblem(value);
}

export type TypedPriceFields = { formula: string | null; gross: number | null; non_com: number; adjustment: number };

/**
 * The problems of a row's typed fields, in column order. A formula row's gross is its formula's
 * result, so what was sent as its gross is not read; a missing gross is left to the evaluation,
 * which gives the row GROSS_MISSING as its result.
 */
export function priceRowProblems(row: TypedPriceFields): { field: PriceInputField; message: string }[] {
  const typed: [PriceInputField, number | null][] = [
    ['gross', row.formula === null ? row.gross : null],
    ['non_com', row.non_com],
    ['adjustment', row.adjustment],
  ];
  return typed.flatMap(([field, value]) => {
    const message = value === null ? null : priceInputProblem(field, value);
    return message === null ? [] : [{ field, message }];
  });
}
