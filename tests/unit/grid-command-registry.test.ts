import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { bindingLabel, bindingMatches, bindingPress, commandForKey, type KeyPress } from '../../src/grid/commands/grid-command-registry';
import { gridCommands } from '../../src/grid/commands/grid-commands';
import type { GridRow } from '../../src/grid/commands/grid-row';
import { memoryGrid } from '../helpers/memory-grid';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const commandOf = (id: string) => {
  const command = gridCommands.find((candidate) => candidate.id === id);
  if (!command) throw new Error(`No command ${id}`);
  return command;
};

const COLUMNS: GridColumn[] = [
  { colId: '#', type: 'number', editable: false },
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'non_com', type: 'number', editable: true },
  { colId: 'net', type: 'number', editable: false },
];

type Row = GridRow & { key: string; gross: number | null; formula: string | null; non_com: number | null; net: number };

/**
 * A grid of plain rows as the commands see it: displayed row 0 is a group header, then prices
 * 0-1, a header (row 3), prices 2-4; the edit machine, a real undo stack and a clipboard.
 */
function grid(options: { readOnly?: boolean; save?: () => void; rowOperations?: boolean; find?: boolean } = {}) {
  const rows: Row[] = [100, 200, 300, 400, 500].map((gross, index) => ({ key: `r${index}`, gross, formula: null, non_com: 10, net: 80 }));
  const memory = memoryGrid({ rows, displayToPrice: [-1, 0, 1, -1, 2, 3, 4], columns: COLUMNS, computed: () => ({ net: 80 }), ...options });
  memory.click({ rowIndex: 1, colId: 'gross' });
  return {
    ...memory,
    range: () => memory.state().range,
    select: (anchor: [number, string], focus: [number, string] = anchor) => {
      memory.click({ rowIndex: anchor[0], colId: anchor[1] });
      if (focus !== anchor) memory.click({ rowIndex: focus[0], colId: focus[1] }, true);
    },
  };
}

describe('key bindings', () => {
  it('matches Ctrl or Cmd, Shift and Alt exactly, letters in either case', () => {
    expect(bindingMatches({ key: 'z', ctrl: true }, press('Z', { ctrlKey: true }))).toBe(true);
    expect(bindingMatches({ key: 'z', ctrl: true }, press('z', { metaKey: true }))).toBe(true);
    expect(bindingMatches({ key: 'z', ctrl: true }, press('z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(bindingMatches({ key: 'Home' }, press('Home', { altKey: true }))).toBe(false);
    expect(bindingMatches({ key: 'Home' }, press('Home'))).toBe(true);
  });

  it('matches a printed symbol such as ? whether or not the layout needs Shift for it', () => {
    expect(bindingMatches({ key: '?' }, press('?', { shiftKey: true }))).toBe(true);
    expect(bindingMatches({ key: '?' }, press('?'))).toBe(true);
  });

  it('finds the command of a key press, and none for a key without one', () => {
    expect(commandForKey(gridCommands, 'ready', press('z', { ctrlKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(commandForKey(gridCommands, 'ready', press('End', { ctrlKey: true, shiftKey: true }))?.id).toBe('extend-grid-end');
    expect(commandForKey(gridCommands, 'ready', press('F1'))?.id).toBe('help');
    expect(commandForKey(gridCommands, 'ready', press('q', { ctrlKey: true }))).toBeUndefined();
  });

  it('shows a binding as staff read it and as a test presses it', () => {
    expect(bindingLabel({ key: 'z', ctrl: true, shift: true })).toBe('Ctrl+Shift+Z');
    expect(bindingLabel({ key: 'ArrowDown', ctrl: true })).toBe('Ctrl+↓');
    expect(bindingLabel({ key: ' ', shift: true })).toBe('Shift+Space');
    expect(bindingPress({ key: ' ', shift: true })).toBe('Shift+Space');
    expect(bindingPress({ key: 'PageDown', shift: true })).toBe('Shift+PageDown');
  });

  it('gives every command a unique id and, in each mode, no two commands the same key', () => {
    const ids = gridCommands.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = gridCommands.flatMap((command) => command.modes.flatMap((mode) => command.keys.map((binding) => `${mode}:${bindingPress(binding)}`)));
    // '?' in Ready mode is help before it is a character: listed first, it wins.
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('types a character in every mode, but ? opens the help in Ready mode', () => {
    expect(commandForKey(gridCommands, 'ready', press('7'))?.id).toBe('type');
    expect(commandForKey(gridCommands, 'edit', press('?'))?.id).toBe('type');
    expect(commandForKey(gridCommands, 'ready', press('?'))?.id).toBe('help');
    expect(commandForKey(gridCommands, 'enter', press('[', { ctrlKey: true, altKey: true }))?.id).toBe('type');
  });
});

describe('the cursor commands', () => {
  const cases: [string, [number, string], [number, string]][] = [
    ['move-down', [2, 'gross'], [4, 'gross']],
    ['move-up', [4, 'gross'], [2, 'gross']],
    ['move-left', [2, 'non_com'], [2, 'gross']],
    ['move-right', [2, 'gross'], [2, 'non_com']],
    ['move-row-start', [4, 'net'], [4, 'gross']],
    ['move-row-end', [4, 'gross'], [4, 'net']],
    ['move-grid-start', [5, 'net'], [1, 'gross']],
    ['move-grid-end', [1, 'gross'], [6, 'net']],
    ['move-page-down', [1, 'gross'], [4, 'gross']],
    ['move-page-up', [5, 'gross'], [2, 'gross']],
    ['move-edge-down', [1, 'gross'], [6, 'gross']],
    ['move-edge-up', [6, 'gross'], [1, 'gross']],
    ['move-edge-right', [1, 'gross'], [1, 'net']],
    ['move-edge-left', [1, 'net'], [1, 'gross']],
  ];
  it.each(cases)('%s moves the cursor and the selection to the cell reached', (id, from, to) => {
    const g = grid();
    g.select(from);
    g.run(id);
    const cell = { rowIndex: to[0], colId: to[1] };
    expect(g.range()).toEqual({ anchor: cell, focus: cell });
  });

  it.each(cases)('the Shift+ twin of %s extends the selection from its anchor', (id, from, to) => {
    const g = grid();
    g.select(from);
    g.run(id.replace('move-', 'extend-'));
    expect(g.range()).toEqual({ anchor: { rowIndex: from[0], colId: from[1] }, focus: { rowIndex: to[0], colId: to[1] } });
  });

  it('binds each Shift+ twin to its move with Shift added', () => {
    for (const command of gridCommands.filter((candidate) => candidate.id.startsWith('move-'))) {
      const twin = commandOf(command.id.replace('move-', 'extend-'));
      expect(twin.keys).toEqual(command.keys.map((binding) => ({ ...binding, shift: true })));
    }
  });
});

describe('the selection commands', () => {
  it('selects every data cell with Ctrl+A', () => {
    const g = grid();
    g.select([4, 'non_com']);
    g.run('select-all');
    expect(g.target.selection()).toEqual({ startRow: 0, endRow: 4, colIds: ['gross', 'non_com', 'net'] });
  });

  it('selects the row with Shift+Space', () => {
    const g = grid();
    g.select([5, 'non_com']);
    g.run('select-row');
    expect(g.target.selection()).toEqual({ startRow: 3, endRow: 3, colIds: ['gross', 'non_com', 'net'] });
  });

  it('drops the cut and shrinks a selection to its active cell, where it started, with Escape', () => {
    const g = grid();
    g.select([1, 'gross'], [4, 'non_com']);
    g.run('cancel-selection');
    expect(g.calls).toEqual(['drop cut']);
    expect(g.range()).toEqual({ anchor: { rowIndex: 1, colId: 'gross' }, focus: { rowIndex: 1, colId: 'gross' } });
  });

  it('keeps the active cell where Shift+arrows started, so Backspace edits that cell', () => {
    const g = grid();
    g.select([1, 'gross']);
    g.press('Shift+ArrowDown');
    g.press('Shift+ArrowRight');
    expect(g.state().active).toEqual({ rowIndex: 1, colId: 'gross' });
    g.press('Backspace');
    g.type('7');
    g.press('Enter');
    expect(g.rows().map((row) => [row.gross, row.non_com])).toEqual([
      [7, 10],
      [200, 10],
      [300, 10],
      [400, 10],
      [500, 10],
    ]);
  });
});

describe('the edit commands', () => {
  it('stores the typed value with Enter and goes to the next data row across a group header; Shift+Enter goes up', () => {
    const g = grid();
    g.select([2, 'gross']);
    g.type('250');
    g.press('Enter');
    expect(g.rows()[1].gross).toBe(250);
    expect(g.range()?.focus).toEqual({ rowIndex: 4, colId: 'gross' });
    g.type('350');
    g.press('Shift+Enter');
    expect(g.rows()[2].gross).toBe(350);
    expect(g.range()?.focus).toEqual({ rowIndex: 2, colId: 'gross' });
    expect(g.state().mode).toBe('ready');
  });

  it('clears every editable cell of the selection with Delete, in one undo step', () => {
    const g = grid();
    g.select([2, 'gross'], [4, 'net']);
    g.run('clear');
    expect(g.rows().map((row) => [row.gross, row.non_com, row.net])).toEqual([
      [100, 10, 80],
      [null, null, 80],
      [null, null, 80],
      [400, 10, 80],
      [500, 10, 80],
    ]);
    g.run('undo');
    expect(g.rows().map((row) => [row.gross, row.non_com])).toEqual([
      [100, 10],
      [200, 10],
      [300, 10],
      [400, 10],
      [500, 10],
    ]);
    g.run('redo');
    expect(g.rows()[1].gross).toBeNull();
  });

  it('fills the selection down from its top row with Ctrl+D', () => {
    const g = grid();
    g.select([1, 'gross'], [5, 'gross']);
    g.run('fill-down');
    expect(g.rows().map((row) => row.gross)).toEqual([100, 100, 100, 100, 500]);
  });

  it("copies, cuts and pastes through the grid's clipboard handlers, which the browser's keys reach too", () => {
    const g = grid();
    g.select([4, 'gross'], [4, 'net']);
    g.run('copy');
    g.run('cut');
    g.run('paste');
    expect(g.calls).toEqual(['copy', 'cut', 'paste']);
    // A cut changes nothing until its paste lands, and that is the grid's paste (pasteBlock).
    expect(g.rows()[2].gross).toBe(300);
    for (const id of ['copy', 'cut', 'paste']) expect(commandOf(id).native, id).toBe(true);
  });

  it('runs the screen save with Ctrl+S, and is off where the grid has none', () => {
    const saves: string[] = [];
    const g = grid({ save: () => saves.push('save') });
    g.run('save');
    expect(saves).toEqual(['save']);
    expect(grid().run('save')).toBe(false);
  });

  it('opens the help with ? or F1', () => {
    const g = grid();
    g.run('help');
    expect(g.calls).toEqual(['help']);
  });

  it('changes nothing in a read-only grid, where copy still works', () => {
    const g = grid({ readOnly: true });
    g.select([1, 'gross'], [5, 'non_com']);
    for (const id of ['clear', 'fill-down', 'cut', 'paste', 'undo', 'redo', 'save']) expect(g.run(id), id).toBe(false);
    expect(g.rows().map((row) => row.gross)).toEqual([100, 200, 300, 400, 500]);
    expect(g.run('copy')).toBe(true);
  });

  it('leaves the rows to the screen: Alt+Shift+arrows move them, the menu inserts and deletes', () => {
    const g = grid({ rowOperations: true });
    g.select([1, 'gross'], [2, 'gross']);
    expect(commandForKey(gridCommands, 'ready', press('ArrowUp', { altKey: true, shiftKey: true }))?.id).toBe('rows-move-up');
    expect(commandForKey(gridCommands, 'ready', press('ArrowDown', { altKey: true, shiftKey: true }))?.id).toBe('rows-move-down');
    for (const id of ['rows-move-up', 'rows-move-down', 'rows-insert-above', 'rows-insert-below', 'rows-delete']) expect(g.run(id), id).toBe(true);
    expect(g.calls).toEqual(['move -1', 'move 1', 'insert above', 'insert below', 'delete']);
    // The rows themselves are the screen's to change.
    expect(g.rows().map((row) => row.gross)).toEqual([100, 200, 300, 400, 500]);
  });

  it('has no row commands where the screen has no row operations, nor in a read-only grid', () => {
    const ids = ['rows-move-up', 'rows-move-down', 'rows-insert-above', 'rows-insert-below', 'rows-delete'];
    const plain = grid();
    for (const id of ids) expect([commandOf(id).available?.(plain.target), plain.run(id)], id).toEqual([false, false]);
    const readOnly = grid({ readOnly: true, rowOperations: true });
    for (const id of ids) expect(readOnly.run(id), id).toBe(false);
    expect(readOnly.calls).toEqual([]);
  });

  it('has nothing to undo or redo before an edit', () => {
    const g = grid();
    expect(commandOf('undo').enabled(g.target)).toBe(false);
    expect(commandOf('redo').enabled(g.target)).toBe(false);
  });
});

describe('Find and Find & Replace', () => {
  it("open the screen's bar with Ctrl+F and Ctrl+H, in a read-only grid too", () => {
    expect(commandForKey(gridCommands, 'ready', press('f', { ctrlKey: true }))?.id).toBe('find');
    expect(commandForKey(gridCommands, 'ready', press('h', { ctrlKey: true }))?.id).toBe('replace');
    const g = grid({ find: true, readOnly: true });
    g.run('find');
    g.run('replace');
    expect(g.calls).toEqual(['open find', 'open replace']);
  });

  it('are not offered where the screen has no bar', () => {
    const g = grid();
    expect([commandOf('find').available?.(g.target), commandOf('replace').available?.(g.target)]).toEqual([false, false]);
  });
});
