import type { PriceKind } from '../../domain/price-maths.js';
import type { PriceFields } from '../../domain/pricing/price-fields.js';
import { evaluatePriceRows } from '../../formulas/evaluate-price-rows.js';
import { isPriceRowError, type PriceRowValues } from '../../formulas/price-rows.js';
import { HttpError, type ErrorItem } from '../http-errors.js';
import type { SeasonMathsInputs } from './season-maths-inputs.js';

/** Where a row sits in the request, so an error can name the row staff see and the field path. */
export type RowLocation = { path: string; label: string };

/**
 * Evaluates the rows about to be stored, in grid order, with the same engine the grid uses.
 * Any formula error refuses the whole save (400) before anything is written, naming each row.
 */
export function evaluateForSave(rows: PriceFields[], locations: RowLocation[], maths: SeasonMathsInputs, kind: PriceKind): PriceRowValues[] {
  const outcomes = evaluatePriceRows(rows, maths.rates, maths.currencyRate, kind);
  const errors: ErrorItem[] = [];
  const values: PriceRowValues[] = [];
  outcomes.forEach((outcome, index) => {
    if (isPriceRowError(outcome)) errors.push({ msg: `Row ${index} (${locations[index].label}): ${outcome.error}`, path: `${locations[index].path}.gross` });
    else values.push(outcome);
  });
  if (errors.length) throw new HttpError(400, errors);
  return values;
}
