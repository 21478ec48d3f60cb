import { DEFAULT_MARKUP_RATE_ID, type PriceKind } from '../../domain/price-maths.js';
import type { PriceFields } from '../../domain/pricing/price-fields.js';
import { PRICE_INPUT_LABELS, priceRowProblems } from '../../domain/pricing/price-input-rules.js';
import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing.js';
import { isPriceRowError, type PriceRowValues } from '../../formulas/price-rows.js';
import { HttpError, type ErrorItem } from '../http-errors.js';
import { shareTheThread } from '../thread-turns.js';
import { evaluatePriceRowsOffThread } from './evaluate-off-thread.js';
import { keepStoredCostWhenUnpriced, type StoredPrice } from './keep-stored-cost.js';
import type { SeasonMathsInputs } from './season-maths-inputs.js';

/** Where a row sits in the request, so an error can name the row staff see and the field path. */
export type RowLocation = { path: string; label: string };

/** What a save prices with, and the names its refusals give the model and the currency. */
export type SaveMaths = SeasonMathsInputs & { modelName: string | null; currencyName: string | null };

export function saveMathsOf(context: TourSeasonPricingContext): SaveMaths {
  return {
    rates: context.model?.rates ?? [],
    currencyRate: context.currency?.rate ?? null,
    modelName: context.model?.name ?? null,
    currencyName: context.currency?.name ?? null,
  };
}

/**
 * Evaluates the rows about to be stored, in grid order, with the same engine the grid uses, and
 * answers what to store for each. Refuses the whole save (400) before anything is written,
 * naming each row (as the grid's `#` numbers it) and, for a typed field, its column: first when a
 * typed gross, non-com or adjustment breaks a price's rules (price-input-rules.ts: the grid's
 * cells refuse the same), then, before any is stored, when a plain row's gross is missing, a
 * formula fails or when a new or changed row cannot be priced: a rate that is not the season
 * model's, or a positive net with no exchange rate, would otherwise be stored as a zero net or
 * cost without a word. A row sent again unchanged keeps its stored net and cost (`stored`, by
 * row; legacy costs were typed by hand). A season of many formulas is evaluated off the server's
 * thread (evaluate-off-thread.ts).
 */
export async function evaluateForSave(
  rows: PriceFields[],
  locations: RowLocation[],
  maths: SaveMaths,
  kind: PriceKind,
  stored: readonly (StoredPrice | undefined)[] = [],
): Promise<PriceRowValues[]> {
  const rowName = (index: number) => `Row ${index} (${locations[index].label})`;
  const broken = rows.flatMap((row, index) =>
    priceRowProblems(row).map(({ field, message }) => ({
      msg: `${rowName(index)}, ${PRICE_INPUT_LABELS[field]}: ${message}`,
      path: `${locations[index].path}.${field}`,
    })),
  );
  // Out-of-range amounts never reach the maths.
  if (broken.length) throw new HttpError(400, broken);
  await shareTheThread();
  const outcomes = await evaluatePriceRowsOffThread(rows, maths.rates, maths.currencyRate, kind);
  await shareTheThread();
  const errors: ErrorItem[] = [];
  const values: PriceRowValues[] = [];
  outcomes.forEach((outcome, index) => {
    const row = rowName(index);
    if (isPriceRowError(outcome)) {
      errors.push({ msg: `${row}: ${outcome.error}`, path: `${locations[index].path}.gross` });
      return;
    }
    const value = keepStoredCostWhenUnpriced(rows[index], outcome, stored[index]);
    const refusal = value.missing === undefined ? null : unpricedRowRefusal(rows[index], value, maths);
    if (refusal) errors.push({ msg: `${row}: ${refusal.msg}`, path: `${locations[index].path}.${refusal.field}` });
    else values.push(value);
  });
  if (errors.length) throw new HttpError(400, errors);
  return values;
}

/** Why a row the season cannot price must not be stored; null when nothing would be zeroed. */
function unpricedRowRefusal(row: PriceFields, value: PriceRowValues, maths: SaveMaths): { msg: string; field: keyof PriceFields } | null {
  const model = maths.modelName === null ? 'the season, which has no pricing model' : `model ${maths.modelName}`;
  if (value.missing === 'markup-rate') {
    if (row.markup_rate_id !== null) return { msg: `commission rate ${row.markup_rate_id} is not a rate of ${model}`, field: 'markup_rate_id' };
    // A blank row without a rate prices nothing, so storing it zeroes nothing.
    if (value.gross === 0) return null;
    return { msg: `no commission rate chosen, and the default rate ${DEFAULT_MARKUP_RATE_ID} is not a rate of ${model}`, field: 'markup_rate_id' };
  }
  if (value.missing === 'currency-rate' && value.net > 0) {
    const currency = maths.currencyName === null ? 'the season has no currency' : `${maths.currencyName} has no usable rate for this season`;
    return { msg: `no exchange rate (${currency}), so its cost would be stored without its net`, field: 'gross' };
  }
  return null;
}
