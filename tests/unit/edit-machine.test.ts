import { describe, expect, it } from 'vitest';
import { priceInputProblem } from '../../src/domain/pricing/price-input-rules';
import { READY, editTransition, fitToLayout, type EditGrid, type EditState } from '../../src/grid/commands/edit-machine';
import type { GridColumn } from '../../src/grid/commands/grid-column';

// The edit machine's rules one by one; tests/unit/grid-editing-model.test.ts checks them all
// together against an independent interpreter.

const RATES = [
  { value: 1, label: '10%' },
  { value: 2, label: '20%' },
];
const COLUMNS: GridColumn[] = [
  { colId: 'gross', type: 'formula-number', editable: true, rule: (value) => priceInputProblem('gross', value) },
  { colId: 'non_com', type: 'number', editable: true },
  { colId: 'markup_rate_id', type: 'number', editable: true, options: RATES },
  { colId: 'net', type: 'number', editable: false },
];
const rows = [
  // Stored before the two-decimal rule, as a formula's result may be: opening it must not refuse it.
  { key: 'a', gross: 100.005, formula: null, non_com: 0, markup_rate_id: 1 },
  { key: 'b', gross: 200, formula: '[0]*2', non_com: 0, markup_rate_id: null },
];
// Displayed row 0 is a group header; rows 1 and 2 are the prices.
const grid: EditGrid = {
  layout: { rowCount: 3, isDataRow: (row) => row > 0, columns: COLUMNS.map((column) => column.colId), pageRows: 2, isBlank: () => false },
  rows,
  columns: COLUMNS,
  priceRowOf: (row) => row - 1,
  readOnly: false,
  columnName: (colId) => colId,
};
const at = (rowIndex: number, colId: string): EditState => {
  const cell = { rowIndex, colId };
  return { ...READY, active: cell, range: { anchor: cell, focus: cell } };
};
const run = (state: EditState, ...actions: Parameters<typeof editTransition>[1][]) =>
  actions.reduce((outcome, action) => editTransition(outcome.state, action, grid), { state, changes: [], message: null } as ReturnType<typeof editTransition>);

describe('the edit machine', () => {
  it('opens a cell with Enter in Edit mode, its formula as stored and the caret at the end', () => {
    const { state } = run(at(2, 'gross'), { type: 'enter', backwards: false });
    expect([state.mode, state.editor]).toEqual(['edit', { text: '[0]*2', caret: 5, anchor: 5 }]);
  });

  it('stores nothing when a cell is opened and closed unchanged, even a value the rules would refuse now', () => {
    const outcome = run(at(1, 'gross'), { type: 'edit' }, { type: 'enter', backwards: false });
    expect([outcome.changes, outcome.message, outcome.state.mode, outcome.state.active]).toEqual([[], null, 'ready', { rowIndex: 2, colId: 'gross' }]);
    expect(run(at(1, 'gross'), { type: 'edit' }, { type: 'type', text: '1' }, { type: 'commit' }).message).toBe(
      'Row 0, gross: At most two decimals: 100.0051 has four',
    );
  });

  it('keeps a refused value in the open cell, in Edit mode, with the reason naming row and column, and does not move', () => {
    const outcome = run(at(1, 'non_com'), { type: 'type', text: 'x' }, { type: 'tab', backwards: false });
    expect(outcome.changes).toEqual([]);
    expect(outcome.message).toBe('Row 0, non_com: Not a number');
    expect([outcome.state.mode, outcome.state.active, outcome.state.editor?.text]).toEqual(['edit', { rowIndex: 1, colId: 'non_com' }, 'x']);
  });

  it('refuses to open a worked-out cell, saying so', () => {
    const outcome = run(at(1, 'net'), { type: 'type', text: '5' });
    expect([outcome.state.mode, outcome.message]).toEqual(['ready', 'Row 0, net: this cell is worked out, not typed']);
  });

  it('opens a choice with no value as a list with nothing highlighted: Enter alone changes nothing', () => {
    const opened = run(at(2, 'markup_rate_id'), { type: 'open-list' });
    expect(opened.state.choice).toBe(-1);
    const closed = run(opened.state, { type: 'enter', backwards: false });
    expect(closed.changes).toEqual([]);
    const picked = run(opened.state, { type: 'pick', delta: 1 }, { type: 'commit' });
    expect(picked.changes).toEqual([{ rowKey: 'b', colId: 'markup_rate_id', oldValue: null, newValue: 1 }]);
  });

  it('leaves the grid on Tab past the row’s last cell in Ready mode, and stays after storing in Enter mode', () => {
    expect(run(at(1, 'net'), { type: 'tab', backwards: false }).leave).toBe('forward');
    expect(run(at(1, 'gross'), { type: 'tab', backwards: true }).leave).toBe('backward');
    const stored = run(at(1, 'markup_rate_id'), { type: 'type', text: '2' }, { type: 'type', text: '0' }, { type: 'tab', backwards: false });
    expect([stored.leave, stored.state.active, stored.changes.length]).toEqual([undefined, { rowIndex: 1, colId: 'net' }, 1]);
  });

  it('keeps the cursor on a data row when rows are removed under it', () => {
    const state = at(2, 'gross');
    const fewer = { ...grid.layout, rowCount: 2 };
    expect(fitToLayout(state, fewer).active).toEqual({ rowIndex: 1, colId: 'gross' });
    const kept = at(1, 'gross');
    expect(fitToLayout(kept, fewer)).toBe(kept);
  });
});
