import { describe, expect, it } from 'vitest';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceRow } from '../../src/grid/price-row';
import { rangeToSelection } from '../../src/grid/cell-range';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.2 }];
const row = (key: string, gross: number, formula: string | null = null): PriceRow => ({
  key,
  id: Number(key.slice(1)),
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
});
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

describe('a missing gross and a negative formula result', () => {
  it('gives a cleared gross no price: the row is in error, named for the save, and a typed value mends it', () => {
    const grid = model();
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 675, newValue: null }]);
    expect(grid.outcome(0)).toEqual({ error: 'Gross is missing', code: '#N/A' });
    expect(grid.errors()).toEqual([{ row: 0, message: 'Gross is missing' }]);
    // A reference to the empty cell counts it as 0, as a spreadsheet's does; the save is blocked anyway.
    expect(grid.outcome(1)).toMatchObject({ gross: 50 });
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: null, newValue: 700 }]);
    expect([grid.outcome(0), grid.errors()]).toEqual([{ gross: 700, net: 560, subtotal: 672, cost: 672, profit: 163 }, []]);
  });

  it('previews a value typed into a missing gross', () => {
    const grid = model();
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 675, newValue: null }]);
    grid.preview(0, 'gross', '675');
    expect(grid.outcome(0)).toMatchObject({ gross: 675, net: 540 });
    grid.endPreview(0);
    expect(grid.outcome(0)).toEqual({ error: 'Gross is missing', code: '#N/A' });
  });

  it('keeps a formula row, whose gross is its result, out of it', () => {
    expect(model().errors()).toEqual([]);
  });

  it('counts an empty gross as 0 where rows have no gross (reductions)', () => {
    const grid = new PriceGridModel({ rows: [{ ...row('r1', 0), gross: null }], rates: [], currencyRate: null, kind: 'supplement', grossRequired: false });
    expect(grid.errors()).toEqual([]);
  });

  it('puts a formula whose result is negative in error, blocking the save', () => {
    const grid = model();
    grid.edit([{ rowKey: 'r2', colId: 'formula', oldValue: '[0]+50', newValue: '[0]-700' }]);
    expect(grid.errors()).toEqual([{ row: 1, message: 'The formula gives -25: a gross cannot be negative' }]);
  });
});

describe('row operations of the price grid model', () => {
  const four = () =>
    new PriceGridModel({ rows: [row('r1', 100), row('r2', 200), row('r3', 0, '[1]+5'), row('r4', 0, '[0]*2')], rates: RATES, currencyRate: 1.1, kind: 'tour' });
  const keys = (grid: { rows: readonly PriceRow[] }) => grid.rows.map((r) => r.key);
  const formulas = (grid: PriceGridModel<PriceRow>) => grid.rows.map((r) => r.formula);

  it('moves a row down with its references following, and undoes and redoes the move', () => {
    const grid = four();
    grid.moveRows(1, 1, 2);
    expect(keys(grid)).toEqual(['r1', 'r3', 'r2', 'r4']);
    expect(formulas(grid)).toEqual([null, '[2]+5', null, '[0]*2']);
    expect(grid.outcome(1)).toMatchObject({ gross: 205 });
    expect(grid.dirtyRowCount).toBe(2);
    grid.undo();
    expect(keys(grid)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(formulas(grid)).toEqual([null, null, '[1]+5', '[0]*2']);
    expect(grid.outcome(2)).toMatchObject({ gross: 205 });
    expect(grid.dirtyRowCount).toBe(0);
    grid.redo();
    expect(formulas(grid)).toEqual([null, '[2]+5', null, '[0]*2']);
  });

  it('deletes every selected row in one undo step and puts them back, references and all', () => {
    const grid = four();
    const removed = grid.deleteRows([1, 0]);
    expect(removed.map((r) => r.key)).toEqual(['r1', 'r2']);
    expect(formulas(grid)).toEqual(['#REF!+5', '#REF!*2']);
    expect(grid.errors().map((error) => error.row)).toEqual([0, 1]);
    grid.undo();
    expect(keys(grid)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(formulas(grid)).toEqual([null, null, '[1]+5', '[0]*2']);
    expect(grid.outcome(3)).toMatchObject({ gross: 200 });
    expect(grid.errors()).toEqual([]);
    expect(grid.canRedo).toBe(true);
  });

  it('undoes an insert above the cursor, and keeps the edits made before it undoable', () => {
    const grid = four();
    grid.edit([{ rowKey: 'r2', colId: 'gross', oldValue: 200, newValue: 300 }]);
    grid.insertRows(1, [{ ...row('n1', 7), id: undefined }]);
    expect(formulas(grid)).toEqual([null, null, null, '[2]+5', '[0]*2']);
    expect(grid.outcome(3)).toMatchObject({ gross: 305 });
    grid.undo();
    expect(keys(grid)).toEqual(['r1', 'r2', 'r3', 'r4']);
    grid.undo();
    expect(grid.rows[1].gross).toBe(200);
    expect(grid.outcome(2)).toMatchObject({ gross: 205 });
    expect(grid.dirtyRowCount).toBe(0);
  });

  it('refuses a row operation without the layout change when the screen lays rows out in groups', () => {
    const grouped = new PriceGridModel({
      rows: [row('r1', 100), row('r2', 200)],
      rates: RATES,
      currencyRate: 1.1,
      kind: 'tour',
      layoutRequired: true,
      layout: 'one group',
    });
    expect(() => grouped.moveRows(0, 1, 1)).toThrow(/groups/);
    expect(() => grouped.deleteRows([0])).toThrow(/groups/);
    expect(keys(grouped)).toEqual(['r1', 'r2']);
    grouped.moveRows(0, 1, 1, 'one group');
    expect(keys(grouped)).toEqual(['r2', 'r1']);
  });

  it('gives the screen its layout back on undo and redo of a row operation or a layout change', () => {
    const grid = new PriceGridModel({ rows: four().rows, rates: RATES, currencyRate: 1.1, kind: 'tour', layout: 'two groups' });
    const restored: unknown[] = [];
    grid.removeRows(2, 2, 'one group');
    grid.changeLayout('one group and a new one');
    grid.subscribe((event) => event.kind === 'structure' && restored.push(grid.layout));
    grid.undo();
    grid.undo();
    grid.redo();
    expect(restored).toEqual(['one group', 'two groups', 'one group']);
    expect(keys(grid)).toEqual(['r1', 'r2']);
  });

  it('lists the stored rows removed since the baseline, bottom row first, until undo or reset brings them back', () => {
    const grid = new PriceGridModel({ rows: [...four().rows, { ...row('n5', 9), id: undefined }], rates: RATES, currencyRate: 1.1, kind: 'tour' });
    grid.deleteRows([1, 2, 4]);
    expect(grid.removed.map(({ row: r, index }) => [r.key, index])).toEqual([
      ['r3', 2],
      ['r2', 1],
    ]);
    grid.undo();
    expect(grid.removed).toEqual([]);
    grid.redo();
    grid.removeRows(0, 1);
    expect(grid.removed.map(({ row: r }) => r.key)).toEqual(['r3', 'r2', 'r1']);
    // Undo takes back the latest removal only.
    grid.undo();
    expect(keys(grid)).toEqual(['r1', 'r4']);
    expect(grid.removed.map(({ row: r }) => r.key)).toEqual(['r3', 'r2']);
    const before = grid.removed;
    grid.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 100, newValue: 101 }]);
    expect(grid.removed).toBe(before);
    grid.deleteRows([0]);
    grid.reset(grid.rows, RATES, 1.1);
    expect(grid.removed).toEqual([]);
  });
});

describe('the rectangle selection', () => {
  it('skips group header rows when turned into price rows', () => {
    const toPrice = [-1, 0, 1, -1, 2];
    expect(
      rangeToSelection(
        { anchor: { rowIndex: 0, colId: 'gross' }, focus: { rowIndex: 4, colId: 'adjustment' } },
        ['#', 'gross', 'non_com', 'adjustment'],
        (r) => toPrice[r],
      ),
    ).toEqual({
      startRow: 0,
      endRow: 2,
      colIds: ['gross', 'non_com', 'adjustment'],
    });
  });
});
