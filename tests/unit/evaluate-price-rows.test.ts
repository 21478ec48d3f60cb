import { describe, expect, it } from 'vitest';
import { computePrice, resolveRate } from '../../src/domain/price-maths';
import { evaluateGrossColumn, evaluatePriceRows } from '../../src/formulas/evaluate-price-rows';
import { MODEL_RATES, openWorkbook, priceRow } from './price-test-helpers';

describe('evaluatePriceRows', () => {
  it('prices plain rows with computePrice', () => {
    const rows = [priceRow(675), priceRow(500, { non_com: 100, adjustment: 5, markup_rate_id: 43 })];
    expect(evaluatePriceRows(rows, MODEL_RATES, 1.1, 'tour')).toEqual(
      rows.map((row) => ({ gross: row.gross, ...computePrice(row, resolveRate(MODEL_RATES, row.markup_rate_id), 1.1, 'tour') })),
    );
  });

  it('evaluates formulas, ignoring the stale gross stored beside them', () => {
    const rows = [priceRow(100), priceRow('[0]+50', { gross: 999 }), priceRow('(675*.9+675+675)/3'), priceRow('[2]+1')];
    expect(evaluateGrossColumn(rows)).toEqual([100, 150, 652.5, 653.5]);
  });

  it.each([
    { rows: [priceRow('[0]+1')], error: 'Circular reference', code: '#CIRC!' },
    { rows: [priceRow('1+')], error: 'Syntax error in formula', code: '#VALUE!' },
    { rows: [priceRow('#REF!+50')], error: 'Refers to a deleted row', code: '#REF!' },
    { rows: [priceRow('[999999]+1')], error: 'Refers to row 999999, beyond the last row (0)', code: '#REF!' },
    { rows: [priceRow('SUM([0]:[40])')], error: 'Refers to row 40, beyond the last row (0)', code: '#REF!' },
    { rows: [priceRow('10^33')], error: 'The formula gives 1.00e+33, outside the money limit of ±10,000,000', code: '#NUM!' },
    { rows: [priceRow('Math.max(1)')], error: 'Unknown function MATH.MAX: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF', code: '#NAME?' },
  ])('returns $error for the row instead of throwing', ({ rows, error, code }) => {
    expect(evaluatePriceRows(rows, MODEL_RATES, 1.1, 'tour')).toEqual([{ error, code }]);
  });

  it('gives the same results as a workbook over the same rows', () => {
    const rows = [
      priceRow(100),
      priceRow('[0]*1.5', { markup_rate_id: 42 }),
      priceRow('[1]+[3]'),
      priceRow(40, { markup_rate_id: null }),
      priceRow('[2]/0'),
      priceRow('[4]+1'),
    ];
    const workbook = openWorkbook(rows, { currencyRate: 1.085 });
    try {
      expect(evaluatePriceRows(rows, MODEL_RATES, 1.085, 'tour')).toEqual(workbook.getRows().map((row) => row.result));
    } finally {
      workbook.destroy();
    }
  });

  it('checks 20,000 rows with formulas referencing earlier rows', () => {
    const rows = Array.from({ length: 20_000 }, (_, row) => (row % 5 === 4 ? priceRow(`[${row - 4}]+50`) : priceRow(400 + (row % 300))));
    const results = evaluatePriceRows(rows, MODEL_RATES, 1.1, 'tour');
    expect(results).toHaveLength(20_000);
    expect(results[19_999]).toMatchObject({ gross: 400 + (19_995 % 300) + 50 });
    expect(results.some((result) => 'error' in result)).toBe(false);
  });

  it('throws for money that is not a finite number, which is a caller bug', () => {
    expect(() => evaluatePriceRows([priceRow(Number.NaN)], MODEL_RATES, 1.1, 'tour')).toThrow(RangeError);
  });
});
