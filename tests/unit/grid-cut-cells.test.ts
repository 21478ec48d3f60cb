import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/grid/commands/cell-change';
import { cutCells, finishCut } from '../../src/grid/commands/cut-cells';
import type { GridColumn } from '../../src/grid/commands/grid-column';

const COLUMNS: GridColumn[] = [
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'non_com', type: 'number', editable: true },
  { colId: 'net', type: 'number', editable: false },
];
const rows = [
  { key: 'a', gross: 100, formula: null, non_com: 5, net: 90 },
  { key: 'b', gross: 200, formula: '[0]+100', non_com: 6, net: 180 },
  { key: 'c', gross: 300, formula: null, non_com: 7, net: 270 },
];

describe('cutCells and finishCut', () => {
  it('takes the editable cells of the selection and clears them, formulas too, once pasted', () => {
    const cut = cutCells(rows, { startRow: 0, endRow: 1, colIds: ['gross', 'non_com', 'net'] }, COLUMNS);
    expect(cut.cells.map((cell) => `${cell.rowKey}.${cell.colId}`)).toEqual(['a.gross', 'a.non_com', 'b.gross', 'b.non_com']);
    const after = applyChanges(rows, finishCut(rows, cut, COLUMNS));
    expect(after.map((row) => [row.gross, row.formula, row.non_com, row.net])).toEqual([
      [null, null, null, 90],
      [null, null, null, 180],
      [300, null, 7, 270],
    ]);
  });

  it('leaves a cut cell the paste wrote over, and a row deleted since', () => {
    const cut = cutCells(rows, { startRow: 0, endRow: 1, colIds: ['gross'] }, COLUMNS);
    // The block was pasted one row down: row b's gross now holds row a's.
    const pasted = [rows[0], { ...rows[1], gross: 100, formula: null }];
    expect(applyChanges(pasted, finishCut(pasted, cut, COLUMNS)).map((row) => row.gross)).toEqual([null, 100]);
    expect(finishCut([rows[2]], cut, COLUMNS)).toEqual([]);
  });
});
