import { describe, expect, it } from 'vitest';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceRow } from '../../src/grid/price-row';
import { rangeToSelection } from '../../src/grid/cell-range';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.2 }];
const row = (key: string, gross: number, formula: string | null = null): PriceRow => ({ key, id: Number(key.slice(1)), formula, gross, non_com: 0, adjustment: 0, markup_rate_id: 1 });
const model = () => new PriceGridModel({ rows: [row('r1', 675), row('r2', 0, '[0]+50')], rates: RATES, currencyRate: 1.1, kind: 'tour' });

describe('the price grid model', () => {
  it('prices rows through the workbook (DESIGN.md worked example)', () => {
    expect(model().outcome(0)).toEqual({ gross: 675, net: 540, subtotal: 648, cost: 648, profit: 157 });
  });

  it('recomputes the rows a formula ties to an edited row, and reports them', () => {
    const grid = model();
    const events: number[][] = [];
    grid.subscribe((event) => event.kind === 'rows' && events.push([...event.rows]));
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 675, newValue: 700 }]);
    expect(grid.outcome(1)).toMatchObject({ gross: 750 });
    expect(events.at(-1)).toEqual(expect.arrayContaining([0, 1]));
    expect(grid.dirtyRowCount).toBe(1);
    expect(grid.isDirtyCell('r1', 'gross')).toBe(true);
  });

  it('highlights the cells a Find & Replace preview names, redrawing the rows it adds or drops', () => {
    const grid = model();
    const events: number[][] = [];
    grid.subscribe((event) => event.kind === 'rows' && events.push([...event.rows]));
    grid.highlight([{ rowKey: 'r1', colId: 'gross' }]);
    expect([grid.isHighlighted('r1', 'gross'), grid.isHighlighted('r1', 'non_com'), grid.isHighlighted('r2', 'gross')]).toEqual([true, false, false]);
    grid.highlight([{ rowKey: 'r2', colId: 'gross' }]);
    expect([grid.isHighlighted('r1', 'gross'), grid.isHighlighted('r2', 'gross')]).toEqual([false, true]);
    grid.highlight([]);
    expect(grid.isHighlighted('r2', 'gross')).toBe(false);
    expect(events).toEqual([[0], [0, 1], [1]]);
  });

  it('undoes and redoes an edit as one step', () => {
    const grid = model();
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 675, newValue: 700 }]);
    grid.undo();
    expect(grid.outcome(1)).toMatchObject({ gross: 725 });
    expect(grid.dirtyRowCount).toBe(0);
    grid.redo();
    expect(grid.outcome(1)).toMatchObject({ gross: 750 });
  });

  it('previews typing without staging it, and puts it back when the edit is cancelled', () => {
    const grid = model();
    grid.preview(0, 'gross', '1000');
    expect(grid.outcome(1)).toMatchObject({ gross: 1050 });
    expect(grid.rows[0].gross).toBe(675);
    grid.endPreview(0);
    expect(grid.outcome(1)).toMatchObject({ gross: 725 });
  });

  it('renumbers formulas when rows are inserted above what they point at', () => {
    const grid = model();
    grid.insertRows(0, [{ ...row('n1', 5), id: undefined }]);
    expect(grid.rows[2].formula).toBe('[1]+50');
    expect(grid.isNew('n1')).toBe(true);
    expect(grid.dirtyRowCount).toBe(2);
  });
});

describe('the rectangle selection', () => {
  it('skips group header rows when turned into price rows', () => {
    const toPrice = [-1, 0, 1, -1, 2];
    expect(rangeToSelection({ anchor: { rowIndex: 0, colId: 'gross' }, focus: { rowIndex: 4, colId: 'adjustment' } }, ['#', 'gross', 'non_com', 'adjustment'], (r) => toPrice[r])).toEqual({
      startRow: 0,
      endRow: 2,
      colIds: ['gross', 'non_com', 'adjustment'],
    });
  });
});
