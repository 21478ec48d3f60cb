// One action over several grids (an import accepted on the extras tabs, each extra its own grid
// and undo history) undoes in one go, and only while it is still every touched grid's latest step.

import { describe, expect, it } from 'vitest';
import { crossGridEditOpen, recordCrossGridEdit, undoCrossGridEdit } from '../../src/grid/commands/cross-grid-edit';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceRow } from '../../src/grid/price-row';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.2 }];
const row = (id: number, gross: number): PriceRow => ({ key: `r${id}`, id, formula: null, gross, non_com: 0, adjustment: 0, markup_rate_id: 1 });
const grid = (...rows: PriceRow[]) => new PriceGridModel({ rows, rates: RATES, currencyRate: 1, kind: 'supplement' });
const gross = (model: PriceGridModel<PriceRow>) => model.rows.map((r) => r.gross);
const grossOf = (model: PriceGridModel<PriceRow>, id: number, newValue: number) => ({
  rowKey: `r${id}`,
  colId: 'gross',
  oldValue: model.rows[model.indexOf(`r${id}`)].gross,
  newValue,
});

/** Three extras' grids, an edit before the import in the first, and the import: a cell in the first, a row added to the second. */
function imported() {
  const grids = [grid(row(1, 10), row(2, 20)), grid(row(3, 30)), grid(row(4, 40))];
  const [first, second] = grids;
  first.edit([grossOf(first, 2, 25)]);
  const edit = recordCrossGridEdit('import', grids, () => {
    first.edit([grossOf(first, 1, 11)]);
    second.replaceRows([...second.rows, { ...row(5, 50), key: 'new-1', id: undefined }]);
  });
  const names = new Map(grids.map((model, i) => [model, `Supplement ${i + 1}`]));
  return { grids, edit, nameOf: (model: PriceGridModel<PriceRow>) => names.get(model) ?? '?' };
}

describe('a cross-grid edit', () => {
  it('records the grids the action changed, not the others', () => {
    const { grids, edit } = imported();
    expect(edit?.what).toBe('import');
    expect(edit?.touched.map(({ grid: model }) => grids.indexOf(model))).toEqual([0, 1]);
    expect(recordCrossGridEdit('import', grids, () => grids[2].edit([]))).toBeNull();
  });

  it('undoes the action in every grid it touched in one go, leaving earlier steps and other grids alone', () => {
    const { grids, edit, nameOf } = imported();
    expect(crossGridEditOpen(edit!)).toBe(true);
    expect(undoCrossGridEdit(edit!, nameOf)).toEqual({ ok: true });
    expect(grids.map(gross)).toEqual([[10, 25], [30], [40]]);
    expect(grids[1].dirtyRowCount).toBe(0);
    // The edit before the import is still there for Ctrl+Z.
    expect(grids[0].canUndo).toBe(true);
    expect(crossGridEditOpen(edit!)).toBe(false);
  });

  it('refuses, changing nothing, when a touched grid was edited since, naming it', () => {
    const { grids, edit, nameOf } = imported();
    grids[1].edit([grossOf(grids[1], 3, 33)]);
    const before = grids.map(gross);
    expect(undoCrossGridEdit(edit!, nameOf)).toEqual({ ok: false, message: 'Supplement 2 has been edited since the import: undo there with Ctrl+Z' });
    expect(grids.map(gross)).toEqual(before);
    expect(before).toEqual([[11, 25], [33, 50], [40]]);
  });

  it('refuses after a grid undid its part with Ctrl+Z, and is no longer offered once every grid did', () => {
    const { grids, edit, nameOf } = imported();
    grids[0].undo();
    expect(crossGridEditOpen(edit!)).toBe(true);
    expect(undoCrossGridEdit(edit!, nameOf)).toMatchObject({ ok: false, message: expect.stringContaining('Supplement 1 has been edited') });
    expect(grids.map(gross)).toEqual([[10, 25], [30, 50], [40]]);
    grids[1].undo();
    expect(crossGridEditOpen(edit!)).toBe(false);
  });

  it('is not offered after a save resets the grids', () => {
    const { grids, edit } = imported();
    for (const model of grids) model.reset(model.rows, RATES, 1);
    expect(crossGridEditOpen(edit!)).toBe(false);
  });

  it('leaves an edit in a grid the action did not touch alone', () => {
    const { grids, edit, nameOf } = imported();
    grids[2].edit([grossOf(grids[2], 4, 44)]);
    expect(undoCrossGridEdit(edit!, nameOf)).toEqual({ ok: true });
    expect(grids.map(gross)).toEqual([[10, 25], [30], [44]]);
  });
});
