// Turning engine values into a row's result: its prices, or a readable error.

import { type CellValue, DetailedCellError } from 'hyperformula';
import { type MissingPriceInput, type MarkupRate, type PriceKind, computePrice } from '../domain/price-maths';
import { MAX_MONEY } from '../domain/pricing/price-fields';
import { GROSS_MISSING } from '../domain/pricing/price-input-rules';
import { FORMULA_ERROR_MESSAGES, describeGrossError } from './formula-errors';
import type { PriceRowError, PriceRowOutcome, PriceRowValues, TypedPriceRow } from './price-rows';

/**
 * The gross from its engine cell, or the row's error. A plain row's empty cell is a cleared gross
 * (GROSS_MISSING), never a price of 0. A formula's result is held to the rules of a typed gross
 * (price-input-rules.ts) but for its decimals: within the money limit, so 10^33 is no more stored
 * than typed, and never negative.
 */
export function grossOutcome(formula: string | null, value: CellValue, rowHasError: (row: number) => boolean, rowCount: number): number | PriceRowError {
  if (value instanceof DetailedCellError) return describeGrossError(formula ?? '', value.type, rowHasError, rowCount);
  // A bare comparison ('[0]>100') gives TRUE or FALSE, which is no price: Excel's #VALUE! in a sum.
  if (typeof value === 'boolean') return { error: FORMULA_ERROR_MESSAGES.notANumber, code: '#VALUE!' };
  // Excel's #N/A: a value that is not there.
  if (formula === null && value === null) return { error: GROSS_MISSING, code: '#N/A' };
  if (typeof value !== 'number') return 0;
  // #NUM! is Excel's code for a number out of its range.
  if (formula !== null && Math.abs(value) > MAX_MONEY) return { error: outsideMoneyLimit(value), code: '#NUM!' };
  if (formula !== null && value < 0) return { error: `The formula gives ${shownResult(value)}: a gross cannot be negative`, code: '#NUM!' };
  return value;
}

const shownResult = (value: number) => (Math.abs(value) < 1e15 ? value.toLocaleString('en-GB', { maximumFractionDigits: 2 }) : value.toExponential(2));

function outsideMoneyLimit(value: number): string {
  return `The formula gives ${shownResult(value)}, outside the money limit of ±${MAX_MONEY.toLocaleString('en-GB')}`;
}

/** Prices worked out in TypeScript from an evaluated gross. */
export function priceValues(input: TypedPriceRow, gross: number, rate: MarkupRate | undefined, currencyRate: number | null, kind: PriceKind): PriceRowValues {
  return { gross, ...computePrice({ ...input, gross }, rate, currencyRate, kind) };
}

/** Prices read from the engine's net, subtotal, cost and profit cells. */
export function cellValues(gross: number, [net, subtotal, cost, profit]: readonly CellValue[], missing: MissingPriceInput | undefined): PriceRowOutcome {
  if (typeof net !== 'number' || typeof subtotal !== 'number' || typeof cost !== 'number' || typeof profit !== 'number') {
    return { error: FORMULA_ERROR_MESSAGES.invalid, code: '#VALUE!' };
  }
  return { gross, net, subtotal, cost, profit, ...(missing === undefined ? {} : { missing }) };
}

export function sameOutcome(a: PriceRowOutcome | undefined, b: PriceRowOutcome): boolean {
  if (a === undefined) return false;
  if ('error' in a || 'error' in b) return 'error' in a && 'error' in b && a.error === b.error && a.code === b.code;
  return a.gross === b.gross && a.net === b.net && a.subtotal === b.subtotal && a.cost === b.cost && a.profit === b.profit && a.missing === b.missing;
}
