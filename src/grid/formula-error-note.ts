// What a price grid shows for a row whose gross formula is in error: Excel's code in the gross
// and computed cells (as Excel passes an error on to the cells that use it), and one explanation,
// read on hover and in a status line.

import type { FormulaErrorCode, PriceRowOutcome } from '../formulas/price-rows';
import { COMPUTED_FIELDS, type ComputedField } from './price-row';

export type FormulaErrorNote = { code: FormulaErrorCode; explanation: string };

/** The code and explanation of a row's outcome (undefined when it is not in error), naming its formula. */
export function formulaErrorNote(outcome: PriceRowOutcome | null | undefined, formula: string | null): FormulaErrorNote | undefined {
  if (!outcome || !('error' in outcome)) return undefined;
  return { code: outcome.code, explanation: formula ? `${outcome.error} (formula: ${formula})` : outcome.error };
}

/**
 * A row's computed values as the screen shows and copies them: its outcome, or for a row in error
 * the code in every computed cell (a copy of them pastes into Excel as the same error).
 */
export function shownOutcome(outcome: PriceRowOutcome): Readonly<Partial<Record<ComputedField, number | string>>> {
  if (!('error' in outcome)) return outcome;
  return Object.fromEntries(COMPUTED_FIELDS.map((field) => [field, outcome.code]));
}
