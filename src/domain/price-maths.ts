// Price maths of DESIGN.md section 5, shared by the grid (through src/formulas) and the server.
//
// The rounding helpers copy HyperFormula's ROUND and ROUNDUP arithmetic operation for operation
// (Math.pow(10, places), half away from zero, negative zero folded to zero), so the workbook's
// formula cells and this module give bit-identical results.

export type MarkupRate = { id: number; commission: number; markup: number; supplement_markup: number };

/** Tour prices use a rate's `markup`; bikes, party extras and room extras use `supplement_markup`. */
export type PriceKind = 'tour' | 'supplement';

/** The rate a row without `markup_rate_id` uses (legacy behaviour). */
export const DEFAULT_MARKUP_RATE_ID = 15;

/** Decimal places kept before rounding to whole pounds, so 496 / 1.085 * 1.33 gives 608, not 609. */
export const DECIMAL_GUARD_PLACES = 6;

/**
 * Decimal places a net and a cost keep: enough for every decimal the inputs can give (a legacy
 * float32 gross such as 54.4000015 at a two-decimal commission needs 9), few enough to cut
 * binary noise (1234.56 at 20% is 987.648, not 987.6479999999999). A formula's gross is kept as
 * the engine gives it: a repeating decimal has no exact value to round to.
 */
export const MONEY_DECIMAL_PLACES = 9;

export type PriceInput = { gross: number; non_com: number; adjustment: number; markup_rate_id: number | null };

/** Which input was missing when a price could not be worked out in full. */
export type MissingPriceInput = 'markup-rate' | 'currency-rate';

/**
 * `missing` is present only when the markup rate is not in the season's model or the season has
 * no usable currency rate (absent, zero, negative or not finite). Then every value that needs the
 * missing input is 0 and cost is the adjustment alone:
 * - missing markup rate: net 0, subtotal 0, cost = adjustment, profit 0;
 * - missing currency rate: net as usual, subtotal 0, cost = adjustment, profit 0.
 * Callers that hold a stored cost (legacy rows were priced by hand, see the report in
 * tests/unit/legacy-costs.test.ts) should keep it rather than store this result.
 */
export type PriceResult = { net: number; subtotal: number; cost: number; profit: number; missing?: MissingPriceInput };

const withoutNegativeZero = (value: number): number => (value === 0 ? 0 : value);

/** Spreadsheet ROUND: half away from zero. */
export function roundHalfAwayFromZero(value: number, places: number): number {
  const multiplier = Math.pow(10, places);
  const rounded = value < 0 ? -Math.round(-value * multiplier) / multiplier : Math.round(value * multiplier) / multiplier;
  return withoutNegativeZero(rounded);
}

/** The decimal a sum or difference of money gives, without the binary noise of the arithmetic. */
export function exactMoney(value: number): number {
  return roundHalfAwayFromZero(value, MONEY_DECIMAL_PLACES);
}

/** Spreadsheet ROUNDUP: away from zero. */
export function roundUpAwayFromZero(value: number, places: number): number {
  const multiplier = Math.pow(10, places);
  const rounded = value < 0 ? -Math.ceil(-value * multiplier) / multiplier : Math.ceil(value * multiplier) / multiplier;
  return withoutNegativeZero(rounded);
}

/** ROUNDUP to whole units after cutting binary noise at 6 decimals. */
export function decimalSafeRoundUp(value: number): number {
  return roundUpAwayFromZero(roundHalfAwayFromZero(value, DECIMAL_GUARD_PLACES), 0);
}

/** ROUND to whole units after cutting binary noise at 6 decimals (the same guard as ROUNDUP). */
export function decimalSafeRound(value: number): number {
  return roundHalfAwayFromZero(roundHalfAwayFromZero(value, DECIMAL_GUARD_PLACES), 0);
}

/**
 * Gross minus commission on the commissionable part; 0 when that is no more than the
 * non-commissionable part. Exact (exactMoney), so the stored and answered net is the decimal the
 * maths gives.
 */
export function computeNet(gross: number, nonCom: number, commission: number): number {
  const net = exactMoney(gross - ((gross - nonCom) * commission) / 100);
  return net <= nonCom ? 0 : withoutNegativeZero(net);
}

export function multiplierFor(rate: MarkupRate, kind: PriceKind): number {
  return kind === 'tour' ? rate.markup : rate.supplement_markup;
}

/** The id a row prices with: its own, or the legacy default when it has none. */
export function effectiveRateId(markupRateId: number | null): number {
  return markupRateId ?? DEFAULT_MARKUP_RATE_ID;
}

/** The season model's rate for a row; undefined when the model has no such rate. */
export function resolveRate(rates: readonly MarkupRate[], markupRateId: number | null): MarkupRate | undefined {
  const id = effectiveRateId(markupRateId);
  return rates.find((rate) => rate.id === id);
}

export function isUsableCurrencyRate(currencyRate: number | null | undefined): currencyRate is number {
  return typeof currencyRate === 'number' && Number.isFinite(currencyRate) && currencyRate > 0;
}

/**
 * net, subtotal, cost and profit of one price row, in pounds.
 * `currencyRate` is the season's foreign units per pound.
 */
/** A priced row's profit in pounds: its cost less its net in pounds. */
export const profitOf = (net: number, cost: number, currencyRate: number): number => decimalSafeRound(cost - net / currencyRate);

export function computePrice(input: PriceInput, rate: MarkupRate | undefined, currencyRate: number | null | undefined, kind: PriceKind): PriceResult {
  const adjustment = withoutNegativeZero(input.adjustment);
  if (rate === undefined) {
    return { net: 0, subtotal: 0, cost: adjustment, profit: 0, missing: 'markup-rate' };
  }
  const net = computeNet(input.gross, input.non_com, rate.commission);
  if (!isUsableCurrencyRate(currencyRate)) {
    return { net, subtotal: 0, cost: adjustment, profit: 0, missing: 'currency-rate' };
  }
  const subtotal = decimalSafeRoundUp((net / currencyRate) * multiplierFor(rate, kind));
  const cost = withoutNegativeZero(exactMoney(subtotal + input.adjustment));
  return { net, subtotal, cost, profit: profitOf(net, cost, currencyRate) };
}
