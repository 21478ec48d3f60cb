import { describe, expect, it } from 'vitest';
import type { PriceChange, PriceSnapshot } from '../../src/domain/pricing/price-history';
import { restoredChanges } from '../../src/grid/commands/restore-change-set';
import type { PriceRow } from '../../src/grid/price-row';

const snapshot = (fields: Partial<PriceSnapshot>): PriceSnapshot => ({
  gross: 100,
  formula: null,
  non_com: 0,
  markup_rate_id: 41,
  adjustment: 0,
  net: 80,
  cost: 96,
  ...fields,
});
const change = (rowId: number, before: PriceSnapshot | null, after: PriceSnapshot | null): PriceChange => ({
  tour_season_id: 1,
  kind: 'price',
  row_id: rowId,
  before,
  after,
});
const row = (id: number, fields: Partial<PriceRow> = {}): PriceRow =>
  ({ key: `k${id}`, id, gross: 200, formula: null, non_com: 0, adjustment: 0, markup_rate_id: 41, ...fields }) as PriceRow;

describe('restoring a change set', () => {
  it('puts back each row’s before values by stored id, a plain gross over a formula clearing it', () => {
    const rows = [row(7, { gross: 150, formula: '[1]+50' }), row(8, { gross: 300, adjustment: 5 })];
    const { changes, skipped } = restoredChanges(
      [change(8, snapshot({ gross: 250 }), snapshot({ gross: 300, adjustment: 5 })), change(7, snapshot({ gross: 120 }), snapshot({ formula: '[1]+50' }))],
      rows,
    );
    expect(skipped).toEqual([]);
    expect(changes.map(({ rowKey, colId, newValue }) => [rowKey, colId, newValue])).toEqual([
      ['k8', 'gross', 250],
      ['k8', 'adjustment', 0],
      ['k7', 'gross', 120],
      ['k7', 'formula', null],
    ]);
  });

  it('restores a formula as its text and lists rows it cannot restore with the reason', () => {
    const rows = [row(7)];
    const { changes, skipped } = restoredChanges(
      [change(7, snapshot({ formula: '[0]*2' }), snapshot({})), change(9, null, snapshot({})), change(10, snapshot({}), null)],
      rows,
    );
    expect(changes.map(({ colId, newValue }) => [colId, newValue])).toEqual([['formula', '[0]*2']]);
    expect(skipped).toEqual([
      { rowId: 9, reason: 'added by this change; delete the row to undo it' },
      { rowId: 10, reason: 'no longer in the season; add it again by hand' },
    ]);
  });

  it('puts back a reduction’s amounts in the reductions grid’s percent and reduction_cost, leaving rows of other kinds alone', () => {
    const reduction = (rowId: number, before: { percent: number | null; cost: number | null }): PriceChange => ({
      tour_season_id: 1,
      kind: 'reduction',
      row_id: rowId,
      before,
      after: { percent: 75, cost: 20 },
    });
    const rows = [{ ...row(3), percent: 75, reduction_cost: 20 } as PriceRow];
    const { changes, skipped } = restoredChanges(
      [reduction(3, { percent: 100, cost: null }), change(3, snapshot({ gross: 1 }), snapshot({}))],
      rows,
      'reduction',
    );
    expect(skipped).toEqual([]);
    expect(changes.map(({ rowKey, colId, newValue }) => [rowKey, colId, newValue])).toEqual([
      ['k3', 'percent', 100],
      ['k3', 'reduction_cost', null],
    ]);
  });
});
