import { describe, expect, it } from 'vitest';
import { fillDown } from '../../src/grid/commands/fill-down';
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

describe('fillDown', () => {
  it('copies the top cell of each selected column into the cells below it', () => {
    const rows = priceRows(4, { 1: { adjustment: 25 } });

    const result = fillDown(rows, { startRow: 1, endRow: 3, colIds: ['room', 'adjustment'] }, priceColumns);

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

    const result = fillDown(rows, { startRow: 0, endRow: 2, colIds: ['net'] }, priceColumns);

    expect(result.rows).toBe(rows);
    expect(result.changes).toEqual([]);
  });

  it('copies from the row above when a single row is selected, as Excel does', () => {
    const rows = priceRows(3);

    const result = fillDown(rows, { startRow: 2, endRow: 2, colIds: ['gross'] }, priceColumns);

    expect(result.rows.map((row) => row.gross)).toEqual([100, 101, 101]);
  });

  it('does nothing for a single selected row at the top, which has no row above', () => {
    const rows = priceRows(3);

    expect(fillDown(rows, { startRow: 0, endRow: 0, colIds: ['gross'] }, priceColumns).changes).toEqual([]);
  });

  it('fills a selection dragged upwards the same as one dragged downwards', () => {
    const rows = priceRows(3);

    const result = fillDown(rows, { startRow: 2, endRow: 0, colIds: ['gross'] }, priceColumns);

    expect(result.rows.map((row) => row.gross)).toEqual([100, 100, 100]);
  });

  it('stops at the last row when the selection runs past it', () => {
    const rows = priceRows(2);

    const result = fillDown(rows, { startRow: 0, endRow: 9, colIds: ['gross'] }, priceColumns);

    expect(result.rows.map((row) => row.gross)).toEqual([100, 100]);
  });

  it('moves the references of a filled formula down with each row, as relative references', () => {
    const rows = priceRows(7, { 4: { formula: '[3]+50' } });

    const result = fillDown(rows, { startRow: 4, endRow: 6, colIds: ['gross'] }, priceColumns);

    expect(result.rows.map((row) => row.formula)).toEqual([null, null, null, null, '[3]+50', '[4]+50', '[5]+50']);
    // gross of a formula row is evaluated by src/formulas once the batch is applied
    expect(result.rows.map((row) => row.gross)).toEqual([100, 101, 102, 103, 104, 105, 106]);
  });

  it('clears the formulas of the rows below when the top gross is a plain number', () => {
    const rows = priceRows(3, { 1: { formula: '[0]*2' }, 2: { formula: '[0]*3' } });

    const result = fillDown(rows, { startRow: 0, endRow: 2, colIds: ['gross'] }, priceColumns);

    expect(result.rows.map((row) => [row.formula, row.gross])).toEqual([
      [null, 100],
      [null, 100],
      [null, 100],
    ]);
  });

  it('is undone in one step', () => {
    const rows = priceRows(4, { 0: { formula: '[1]+[2]' } });
    const filled = fillDown(rows, { startRow: 0, endRow: 3, colIds: ['room', 'gross'] }, priceColumns);
    const stack = UndoStack.empty().record(filled.changes);

    const undone = stack.undo(filled.rows);

    expect(undone.rows).toEqual(rows);
    expect(undone.stack.canUndo).toBe(false);
  });
});

describe('shiftFormulaRefs', () => {
  it.each([
    ['[3]+50', 1, '[4]+50'],
    ['([0]+[1])/2', 2, '([2]+[3])/2'],
    ['[ 7 ]*1.1', 3, '[10]*1.1'],
    ['545+195+230+110', 5, '545+195+230+110'],
    ['[9]-[10]', 0, '[9]-[10]'],
    ['[5]', -5, '[0]'],
  ])('moves %j by %d rows to %j', (formula, offset, shifted) => {
    expect(shiftFormulaRefs(formula, offset)).toBe(shifted);
  });

  it('refuses to move a reference above the first row', () => {
    expect(() => shiftFormulaRefs('[1]+1', -2)).toThrow(RangeError);
  });
});
