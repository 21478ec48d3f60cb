import { describe, expect, it } from 'vitest';
import type { PriceChange, PriceSnapshot } from '../../src/domain/pricing/price-history';
import { changedCells } from '../../src/grid/commands/changed-cells';
import type { PriceRow } from '../../src/grid/price-row';

const snapshot = (fields: Partial<PriceSnapshot> = {}): PriceSnapshot => ({
  gross: 100,
  formula: null,
  non_com: 0,
  markup_rate_id: 41,
  adjustment: 0,
  net: 80,
  cost: 96,
  ...fields,
});
const change = (rowId: number, before: PriceChange['before'], after: PriceChange['after'], kind: PriceChange['kind'] = 'price'): PriceChange => ({
  tour_season_id: 1,
  kind,
  row_id: rowId,
  before,
  after,
});
const row = (id: number): PriceRow => ({ key: `k${id}`, id, gross: 100, formula: null, non_com: 0, adjustment: 0, markup_rate_id: 41 }) as PriceRow;

describe('the cells a change set changed', () => {
  it('names each column whose value moved, a formula in the gross cell, by the row the grid holds under that stored id', () => {
    const cells = changedCells(
      [change(7, snapshot(), snapshot({ gross: 120, net: 96, cost: 116 })), change(8, snapshot(), snapshot({ formula: '[0]+5', adjustment: 3 }))],
      [row(7), row(8)],
      'price',
    );
    expect(cells).toEqual([
      { rowKey: 'k7', colId: 'gross' },
      { rowKey: 'k7', colId: 'net' },
      { rowKey: 'k7', colId: 'cost' },
      { rowKey: 'k8', colId: 'gross' },
      { rowKey: 'k8', colId: 'adjustment' },
    ]);
  });

  it('leaves out rows of another kind, rows added or removed, and rows the grid does not hold', () => {
    const moved = snapshot({ gross: 200 });
    const cells = changedCells(
      [change(7, snapshot(), moved, 'bike'), change(8, null, moved), change(9, moved, null), change(10, snapshot(), moved)],
      [row(7), row(8), row(9)],
      'price',
    );
    expect(cells).toEqual([]);
  });

  it('names a reduction’s cost by the reductions grid’s own column', () => {
    const cells = changedCells([change(3, { percent: 10, cost: null }, { percent: 10, cost: 25 }, 'reduction')], [row(3)], 'reduction');
    expect(cells).toEqual([{ rowKey: 'k3', colId: 'reduction_cost' }]);
  });
});
