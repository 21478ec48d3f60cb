import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/grid/commands/cell-change';
import { fillDown, fillRight } from '../../src/grid/commands/fill-cells';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { shiftFormulaRefs } from '../../src/grid/commands/shift-formula-refs';
import { UndoStack } from '../../src/grid/commands/undo-stack';

type PriceRow = { id: number; room: string; formula: string | null; gross: number | null; net: number; adjustment: number | null };

const priceColumns: GridColumn[] = [
  { colId: 'room', type: 'text', editable: true },
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'net', type: 'number', editable: false },
  { colId: 'adjustment', type: 'number', editable: true },
];

function priceRow(id: number, fields: Partial<PriceRow> = {}): PriceRow {
  return { id, room: `Room ${id}`, formula: null, gross: 100 + id, net: 80, adjustment: 0, ...fields };
}

function priceRows(count: number, fields: Record<number, Partial<PriceRow>> = {}): PriceRow[] {
  return Array.from({ length: count }, (_, index) => priceRow(index, fields[index]));
}

/** The rows after a fill, and what it did. */
function filled(rows: PriceRow[], fill: typeof fillDown, selection: Parameters<typeof fillDown>[1]) {
  const result = fill(rows, selection, priceColumns);
  return { ...result, rows: applyChanges(rows, result.changes) };
}

describe('fillDown', () => {
  it('copies the top cell of each selected column into the cells below it', () => {
    const rows = priceRows(4, { 1: { adjustment: 25 } });

    const result = filled(rows, fillDown, { startRow: 1, endRow: 3, colIds: ['room', 'adjustment'] });

    expect(result.rows.map((row) => [row.room, row.adjustment])).toEqual([
      ['Room 0', 0],
      ['Room 1', 25],
      ['Room 1', 25],
      ['Room 1', 25],
    ]);
    expect(result.changes).toHaveLength(4);
  });

  it('leaves read-only computed columns alone even when they are selected', () => {
    const rows = priceRows(3, { 0: { net: 1 } });

    const result = filled(rows, fillDown, { startRow: 0, endRow: 2, colIds: ['net'] });

    expect(result.rows).toBe(rows);
    expect(result.changes).toEqual([]);
  });

  it('copies from the row above when a single row is selected, as Excel does', () => {
    const rows = priceRows(3);

    const result = filled(rows, fillDown, { startRow: 2, endRow: 2, colIds: ['gross'] });

    expect(result.rows.map((row) => row.gross)).toEqual([100, 101, 101]);
  });

  it('does nothing for a single selected row at the top, which has no row above', () => {
    const rows = priceRows(3);

    expect(filled(rows, fillDown, { startRow: 0, endRow: 0, colIds: ['gross'] }).changes).toEqual([]);
  });

  it('fills a selection dragged upwards the same as one dragged downwards', () => {
    const rows = priceRows(3);

    const result = filled(rows, fillDown, { startRow: 2, endRow: 0, colIds: ['gross'] });

    expect(result.rows.map((row) => row.gross)).toEqual([100, 100, 100]);
  });

  it('stops at the last row when the selection runs past it', () => {
    const rows = priceRows(2);

    const result = filled(rows, fillDown, { startRow: 0, endRow: 9, colIds: ['gross'] });

    expect(result.rows.map((row) => row.gross)).toEqual([100, 100]);
  });

  it('moves the references of a filled formula down with each row, as relative references', () => {
    const rows = priceRows(7, { 4: { formula: '[3]+50' } });

    const result = filled(rows, fillDown, { startRow: 4, endRow: 6, colIds: ['gross'] });

    expect(result.rows.map((row) => row.formula)).toEqual([null, null, null, null, '[3]+50', '[4]+50', '[5]+50']);
    // gross of a formula row is evaluated by src/formulas once the batch is applied
    expect(result.rows.map((row) => row.gross)).toEqual([100, 101, 102, 103, 104, 105, 106]);
  });

  it('clears the formulas of the rows below when the top gross is a plain number', () => {
    const rows = priceRows(3, { 1: { formula: '[0]*2' }, 2: { formula: '[0]*3' } });

    const result = filled(rows, fillDown, { startRow: 0, endRow: 2, colIds: ['gross'] });

    expect(result.rows.map((row) => [row.formula, row.gross])).toEqual([
      [null, 100],
      [null, 100],
      [null, 100],
    ]);
  });

  it('is undone in one step', () => {
    const rows = priceRows(4, { 0: { formula: '[1]+[2]' } });
    const result = filled(rows, fillDown, { startRow: 0, endRow: 3, colIds: ['room', 'gross'] });
    const stack = UndoStack.empty().record(result.changes);

    const undone = stack.undo(result.rows);

    expect(undone.rows).toEqual(rows);
    expect(undone.stack.canUndo).toBe(false);
  });
});

describe('shiftFormulaRefs', () => {
  it.each([
    ['[3]+50', 1, '[4]+50'],
    ['([0]+[1])/2', 2, '([2]+[3])/2'],
    ['[7]*1.1', 3, '[10]*1.1'],
    ['[ 7 ]*1.1', 3, '[ 7 ]*1.1'],
    ['545+195+230+110', 5, '545+195+230+110'],
    ['[9]-[10]', 0, '[9]-[10]'],
    ['[5]', -5, '[0]'],
  ])('moves %j by %d rows to %j', (formula, offset, shifted) => {
    expect(shiftFormulaRefs(formula, offset)).toBe(shifted);
  });

  it('makes a reference moved above the first row #REF!, as Excel does, rather than invent a row', () => {
    expect(shiftFormulaRefs('[1]+1', -2)).toBe('#REF!+1');
    expect(shiftFormulaRefs('SUM([1]:[3])', -2)).toBe('SUM(#REF!:[1])');
  });
});

describe('fillRight', () => {
  const columns: GridColumn[] = [
    { colId: 'gross', type: 'formula-number', editable: true },
    { colId: 'non_com', type: 'number', editable: true },
    { colId: 'net', type: 'number', editable: false },
    { colId: 'adjustment', type: 'number', editable: true },
  ];
  const rows = () => [
    { id: 0, formula: null, gross: 100, non_com: 0, net: 80, adjustment: 5 },
    { id: 1, formula: '[0]+5', gross: 105, non_com: 0, net: 84, adjustment: 0 },
  ];

  it('copies the leftmost selected cell of each row into the cells right of it, as Ctrl+R does', () => {
    const result = fillRight(rows(), { startRow: 0, endRow: 0, colIds: ['gross', 'non_com'] }, columns);
    expect(result.errors).toEqual([]);
    expect(applyChanges(rows(), result.changes)[0].non_com).toBe(100);
  });

  it('copies from the column to the left when one column is selected', () => {
    const result = fillRight(rows(), { startRow: 0, endRow: 0, colIds: ['non_com'] }, columns);
    expect(applyChanges(rows(), result.changes)[0].non_com).toBe(100);
  });

  it('refuses a formula where the column takes only numbers, and a worked-out source, naming the cells', () => {
    const formula = fillRight(rows(), { startRow: 1, endRow: 1, colIds: ['non_com'] }, columns);
    expect(formula.changes).toEqual([]);
    expect(formula.errors).toEqual([{ rowIndex: 1, colId: 'non_com', message: 'Not a number' }]);
    const worked = fillRight(rows(), { startRow: 0, endRow: 0, colIds: ['adjustment'] }, columns);
    expect(worked.changes).toEqual([]);
    expect(worked.errors[0]?.message).toMatch(/worked out/);
  });
});
