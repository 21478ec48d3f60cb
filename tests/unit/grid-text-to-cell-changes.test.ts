import { describe, expect, it } from 'vitest';
import { clearCells } from '../../src/grid/commands/clear-cells';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { pasteBlock } from '../../src/grid/commands/paste-block';
import { textToCellChanges } from '../../src/grid/commands/text-to-cell-changes';
import { commandColumns } from '../../src/grid/price-grid-columns';

// The columns every price grid's commands get (pricing, bikes, supplements, extra nights): typing,
// paste, Find & Replace and import all read a cell's text through textToCellChanges.
const columns = commandColumns([{ field: 'room_type_id', headerName: 'Room', kind: 'select', options: [] }], []);
const column = (colId: string): GridColumn => columns.find((candidate) => candidate.colId === colId)!;
const row = { key: 'r0', formula: null, gross: 675, non_com: 0, adjustment: 0, markup_rate_id: 15 };

describe('textToCellChanges with the price rules of the grid columns', () => {
  it.each([
    ['gross', '-500', 'A gross cannot be negative'],
    ['gross', '(500.00)', 'A gross cannot be negative'],
    ['gross', '=-500', 'A gross cannot be negative'],
    ['gross', '99999999999999', 'At most 10,000,000'],
    ['gross', '675.001', 'At most two decimals: 675.001 has three'],
    ['non_com', '-10', 'A non-com cannot be negative'],
    ['non_com', '10,000,000.01', 'At most 10,000,000'],
    ['adjustment', '1.005', 'At most two decimals: 1.005 has three'],
    ['adjustment', '-20,000,000', 'At least -10,000,000'],
  ])('refuses %s %j, leaving the cell as it was: %s', (colId, text, message) => {
    expect(textToCellChanges(row, column(colId), text)).toEqual({ ok: false, message });
  });

  it.each([
    ['gross', '1,100.50', 1100.5],
    ['gross', '£10,000,000', 10_000_000],
    ['non_com', '0.5', 0.5],
    ['adjustment', '-10', -10],
    ['adjustment', '(12.50)', -12.5],
  ])('takes %s %j as %d', (colId, text, value) => {
    const result = textToCellChanges(row, column(colId), text);
    expect(result.ok && result.changes.find((change) => change.colId === colId)?.newValue).toBe(value);
  });

  it("keeps a formula, whose result is checked when it is evaluated, not its text's numbers", () => {
    expect(textToCellChanges(row, column('gross'), '[0]*1.005')).toEqual({
      ok: true,
      changes: [{ rowKey: 'r0', colId: 'formula', oldValue: null, newValue: '[0]*1.005' }],
    });
  });

  it('clears a gross to empty (missing) and a non-com or adjustment to empty', () => {
    expect(clearCells([row], { startRow: 0, endRow: 0, colIds: ['gross', 'non_com', 'adjustment'] }, columns)).toEqual([
      { rowKey: 'r0', colId: 'gross', oldValue: 675, newValue: null },
      { rowKey: 'r0', colId: 'non_com', oldValue: 0, newValue: null },
      { rowKey: 'r0', colId: 'adjustment', oldValue: 0, newValue: null },
    ]);
  });

  it('refuses the same cells in a paste, naming each, and pastes the rest', () => {
    const rows = [row, { ...row, key: 'r1' }];
    const result = pasteBlock(rows, columns, { rowIndex: 0, colId: 'gross' }, [
      ['-500', '-10'],
      ['700', '5'],
    ]);
    expect(result.errors).toEqual([
      { rowIndex: 0, colId: 'gross', message: 'A gross cannot be negative' },
      { rowIndex: 0, colId: 'non_com', message: 'A non-com cannot be negative' },
    ]);
    expect(result.changes.map((change) => [change.rowKey, change.colId, change.newValue])).toEqual([
      ['r1', 'gross', 700],
      ['r1', 'non_com', 5],
    ]);
  });
});
