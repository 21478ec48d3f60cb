import { describe, expect, it } from 'vitest';
import { adjustAll } from '../../src/grid/commands/adjust-all';
import { setCommission } from '../../src/grid/commands/set-commission';

type PriceRow = { id: number; adjustment: number | null; markup_rate_id: number | null };

function priceRows(): PriceRow[] {
  return [
    { id: 1, adjustment: 0, markup_rate_id: 15 },
    { id: 2, adjustment: 10, markup_rate_id: 16 },
  ];
}

describe('adjustAll', () => {
  it.each([[0], ['0'], ['0.00'], [''], ['  '], [null], [undefined], ['abc']])('ignores the input %j', (amount) => {
    const rows = priceRows();

    const result = adjustAll(rows, amount);

    expect(result.rows).toBe(rows);
    expect(result.changes).toEqual([]);
  });

  it.each([
    [10, 10],
    ['-5', -5],
    ['£12.50', 12.5],
  ])('sets every adjustment to %j', (amount, value) => {
    const result = adjustAll(priceRows(), amount);

    expect(result.rows.map((row) => row.adjustment)).toEqual([value, value]);
  });

  it.each([
    ['1.005', 'At most two decimals: 1.005 has three'],
    ['20000000', 'At most 10,000,000'],
  ])('refuses %j as a typed adjustment would be refused, changing nothing', (amount, refused) => {
    const rows = priceRows();

    const result = adjustAll(rows, amount);

    expect(result).toEqual({ rows, changes: [], count: 0, refused });
  });

  it('changes only the rows that do not already hold the amount', () => {
    const result = adjustAll(priceRows(), 10);

    expect(result.changes).toEqual([{ rowKey: '1', colId: 'adjustment', oldValue: 0, newValue: 10 }]);
    expect(result.count).toBe(1);
  });
});

describe('setCommission', () => {
  it.each([[0], ['0'], [''], [null], [undefined], ['x'], [2.5], [-3]])('ignores the rate %j', (rateId) => {
    const rows = priceRows();

    expect(setCommission(rows, rateId).rows).toBe(rows);
  });

  it.each([[16], ['16']])('gives every row the rate %j', (rateId) => {
    const result = setCommission(priceRows(), rateId);

    expect(result.rows.map((row) => row.markup_rate_id)).toEqual([16, 16]);
    expect(result.count).toBe(1);
  });
});
