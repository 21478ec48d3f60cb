// Builders for price-engine tests.

import type { MarkupRate, PriceKind } from '../../src/domain/price-maths';
import type { PriceRowInput, PriceRowOutcome } from '../../src/formulas/price-rows';
import { PriceWorkbook } from '../../src/formulas/price-workbook';

/** A season model like the legacy ones: 20, 15, 10 and 5 percent commission. */
export const MODEL_RATES: MarkupRate[] = [
  { id: 41, commission: 20, markup: 1.32, supplement_markup: 1.11 },
  { id: 42, commission: 15, markup: 1.31, supplement_markup: 1.11 },
  { id: 43, commission: 10, markup: 1.28, supplement_markup: 1.16 },
  { id: 44, commission: 5, markup: 1.28, supplement_markup: 1.19 },
];

/** A tour price on rate 41: a number is a plain gross, a string a formula. */
export function priceRow(gross: number | string, overrides: Partial<PriceRowInput> = {}): PriceRowInput {
  const plain = typeof gross === 'number';
  return { formula: plain ? null : gross, gross: plain ? gross : 0, non_com: 0, adjustment: 0, markup_rate_id: 41, ...overrides };
}

export type WorkbookOptions = { rates?: MarkupRate[]; currencyRate?: number | null; kind?: PriceKind };

export function openWorkbook(rows: (number | string | PriceRowInput)[], options: WorkbookOptions = {}): PriceWorkbook {
  return new PriceWorkbook({
    rows: rows.map((row) => (typeof row === 'object' ? row : priceRow(row))),
    rates: options.rates ?? MODEL_RATES,
    currencyRate: options.currencyRate === undefined ? 1.1 : options.currencyRate,
    kind: options.kind ?? 'tour',
  });
}

/** The gross of each row, or its error message. */
export function grossColumn(workbook: PriceWorkbook): (number | string)[] {
  return workbook.getRows().map(({ result }) => outcomeGross(result));
}

export function outcomeGross(result: PriceRowOutcome): number | string {
  return 'error' in result ? result.error : result.gross;
}
