// The row shapes the price workbook and the server evaluation share.

import type { PriceResult } from '../domain/price-maths';

/**
 * One price row as stored. `formula` is the gross typed without '=' (null for a plain number);
 * when it is set, `gross` is only the last evaluated value and the formula wins.
 */
export type PriceRowInput = {
  formula: string | null;
  gross: number;
  non_com: number;
  adjustment: number;
  markup_rate_id: number | null;
};

/**
 * A row as a grid holds it or a save sends it: a plain row's null gross is a cleared cell, whose
 * result is the error GROSS_MISSING, never a price of 0.
 */
export type TypedPriceRow = Omit<PriceRowInput, 'gross'> & { gross: number | null };

export type PriceRowValues = PriceResult & { gross: number };

/**
 * The code a spreadsheet shows in a cell in error, as Excel spells it (`#CIRC!` is Excel's name for
 * a circular reference, which HyperFormula calls `#CYCLE!`).
 */
export type FormulaErrorCode = '#REF!' | '#VALUE!' | '#CIRC!' | '#NAME?' | '#DIV/0!' | '#NUM!' | '#N/A';

/**
 * A gross formula that cannot be evaluated: `error` is the explanation for staff, `code` what the
 * cell shows, the code Excel would show for the same cause.
 */
export type PriceRowError = { error: string; code: FormulaErrorCode };

export type PriceRowOutcome = PriceRowValues | PriceRowError;

/**
 * A row an edit changed, with its new result: rows whose result changed, the row edited, and
 * after inserts, deletes and moves the inserted rows and those whose formula text was
 * renumbered. Rows that merely shifted position are not listed.
 */
export type ChangedRow = { row: number } & PriceRowOutcome;

export type RowError = { row: number; message: string };

export type PriceRowState = { input: PriceRowInput; result: PriceRowOutcome };

export function isPriceRowError(outcome: PriceRowOutcome): outcome is PriceRowError {
  return 'error' in outcome;
}
