import type { CellPosition } from '../../src/grid/cell-range';
import { rangeToSelection } from '../../src/grid/cell-range';
import { applyChanges, type CellChange } from '../../src/grid/commands/cell-change';
import { copyBlock } from '../../src/grid/commands/copy-block';
import { READY, editTransition, type EditAction, type EditGrid, type EditState } from '../../src/grid/commands/edit-machine';
import { selectedText } from '../../src/grid/commands/editor-text';
import { commandForKey, type GridCommandTarget, type KeyPress } from '../../src/grid/commands/grid-command-registry';
import { gridCommands } from '../../src/grid/commands/grid-commands';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import type { GridLayout } from '../../src/grid/commands/grid-cursor';
import type { GridRow } from '../../src/grid/commands/grid-row';
import { parseClipboardBlock } from '../../src/grid/commands/parse-clipboard-block';
import { pasteBlock, pasteOptionsFor, type ClipboardMarks } from '../../src/grid/commands/paste-block';
import { UndoStack } from '../../src/grid/commands/undo-stack';

export type MemoryGridSetup<R extends GridRow> = {
  rows: readonly R[];
  /** Each displayed row's price row, -1 for a group header. */
  displayToPrice: readonly number[];
  /** The columns in display order, `#` first (the cursor never stands on it). */
  columns: readonly GridColumn[];
  /** What the grid works out for a row's read-only columns (copied as shown). */
  computed?: (rowIndex: number) => Readonly<Record<string, unknown>>;
  readOnly?: boolean;
  pageRows?: number;
  save?: () => void;
  rowOperations?: boolean;
  /** The screen has a Find & Replace bar (Ctrl+F, Ctrl+H). */
  find?: boolean;
};

/** A key as a test writes it: `Enter`, `Shift+Tab`, `Control+z`, `7`. */
export function keyPress(spec: string): KeyPress {
  const parts = spec.length === 1 ? [spec] : spec.split('+');
  const key = parts.at(-1) === '' ? '+' : (parts.at(-1) as string);
  const mods = new Set(parts.slice(0, -1));
  return { key, ctrlKey: mods.has('Control'), metaKey: false, shiftKey: mods.has('Shift'), altKey: mods.has('Alt') };
}

/**
 * The price grid without a browser: the real edit machine, command registry and grid commands over
 * plain rows, with a real undo stack, a clipboard and the grid's copy and cut marks. What the
 * browser does for a key it lets through (Ctrl+C, X and V) is done here as the grid's clipboard
 * handlers and its cell editor do it. Unit and model-based tests drive it key by key.
 */
export function memoryGrid<R extends GridRow>(setup: MemoryGridSetup<R>) {
  let rows: R[] = [...setup.rows];
  let history = UndoStack.empty();
  let state: EditState = READY;
  let clipboard = '';
  let marks: ClipboardMarks = { cut: null, copy: null };
  const messages: string[] = [];
  const calls: string[] = [];
  const columnOrder = setup.columns.map((column) => column.colId);
  const priceRowOf = (row: number) => setup.displayToPrice[row] ?? -1;
  const indexOf = (key: string) => rows.findIndex((row) => String(row.key ?? row.id) === key);

  const layout = (): GridLayout => ({
    rowCount: setup.displayToPrice.length,
    isDataRow: (row) => priceRowOf(row) >= 0,
    columns: columnOrder.slice(1),
    pageRows: setup.pageRows ?? 2,
    isBlank: (row, colId) => {
      const price = rows[priceRowOf(row)];
      const value = colId === 'gross' ? (price?.formula ?? price?.gross) : price?.[colId];
      return value === null || value === undefined || value === '';
    },
  });
  const editGrid = (): EditGrid => ({
    layout: layout(),
    rows,
    columns: setup.columns,
    priceRowOf,
    readOnly: setup.readOnly ?? false,
    columnName: (colId) => colId,
  });

  /** One undo step; like the grid, any change of the rows drops a marked cut. */
  const record = (changes: readonly CellChange[]) => {
    if (changes.length === 0) return;
    history = history.record(changes);
    rows = applyChanges(rows, changes);
    marks = { ...marks, cut: null };
  };
  const selection = () => (state.range ? rangeToSelection(state.range, columnOrder, priceRowOf) : null);
  const copySelection = () => {
    const current = selection();
    if (!current) return null;
    const text = copyBlock(rows, setup.columns, current, (index) => ({ '#': index, ...(setup.computed?.(index) ?? {}) }));
    clipboard = text;
    const top = rows[Math.min(current.startRow, current.endRow)];
    marks = { ...marks, copy: { text, rowKey: String(top.key ?? top.id) } };
    return { text, current };
  };
  const takeStep = (step: ReturnType<UndoStack['undo']>) => {
    history = step.stack;
    if (step.rows !== rows) marks = { ...marks, cut: null };
    rows = step.rows as R[];
  };

  const target: GridCommandTarget = {
    readOnly: setup.readOnly ?? false,
    mode: () => state.mode,
    dispatch: (action: EditAction) => {
      const outcome = editTransition(state, action, editGrid());
      record(outcome.changes);
      state = outcome.state;
      if (outcome.message) messages.push(outcome.message);
      return outcome;
    },
    layout,
    range: () => state.range,
    active: () => state.active,
    selection,
    rows: () => rows,
    columns: setup.columns,
    edit: record,
    report: (errors) => messages.push(...errors.map((error) => `Row ${error.rowIndex}, ${error.colId}: ${error.message}`)),
    canUndo: () => history.canUndo,
    canRedo: () => history.canRedo,
    undo: () => takeStep(history.undo(rows)),
    redo: () => takeStep(history.redo(rows)),
    save: setup.save,
    copy: () => {
      calls.push('copy');
      copySelection();
    },
    cut: () => {
      calls.push('cut');
      const copied = copySelection();
      if (!copied || setup.readOnly) return;
      const { first, last } = {
        first: Math.min(copied.current.startRow, copied.current.endRow),
        last: Math.max(copied.current.startRow, copied.current.endRow),
      };
      marks = {
        ...marks,
        cut: { text: copied.text, rowKeys: rows.slice(first, last + 1).map((row) => String(row.key ?? row.id)), colIds: copied.current.colIds },
      };
    },
    paste: () => {
      calls.push('paste');
      const current = selection();
      if (!current || setup.readOnly) return;
      const focus = { rowIndex: Math.min(current.startRow, current.endRow), colId: current.colIds[0] };
      const result = pasteBlock(rows, setup.columns, focus, parseClipboardBlock(clipboard), {
        selection: current,
        ...pasteOptionsFor(clipboard, marks, indexOf),
      });
      record(result.changes);
      marks = { ...marks, cut: null };
      target.report(result.errors);
    },
    dropCut: () => {
      calls.push('drop cut');
      marks = { ...marks, cut: null };
    },
    ...(setup.rowOperations
      ? {
          moveRows: (delta: -1 | 1) => calls.push(`move ${delta}`),
          insertRow: (where: 'above' | 'below') => calls.push(`insert ${where}`),
          deleteRows: () => calls.push('delete'),
        }
      : {}),
    ...(setup.find ? { openFind: (mode: 'find' | 'replace') => calls.push(`open ${mode}`) } : {}),
    showHelp: () => calls.push('help'),
  };

  /** A key as the browser would deliver it to the grid: through the registry in the current mode. */
  const press = (spec: string) => {
    const key = keyPress(spec);
    const command = commandForKey(gridCommands, state.mode, key);
    if (!command || !command.enabled(target)) return;
    if (!command.native || state.mode === 'ready') {
      command.perform(target, key);
      return;
    }
    // Ctrl+C, X or V while typing: the cell editor's copy, cut and paste of its text.
    const chosen = state.editor ? selectedText(state.editor) : '';
    if (key.key === 'v') target.dispatch({ type: 'type', text: clipboard });
    else if (chosen !== '') {
      clipboard = chosen;
      if (key.key === 'x') target.dispatch({ type: 'type', text: '' });
    }
  };

  return {
    target,
    press,
    type: (text: string) => [...text].forEach((character) => press(character)),
    click: (cell: CellPosition, extend = false) => target.dispatch({ type: 'click', cell, extend }),
    rows: () => rows,
    state: () => state,
    clipboard: () => clipboard,
    messages,
    calls,
    /** Runs a command by id, as the right-click menu does; whether it was enabled. */
    run: (id: string) => {
      const command = gridCommands.find((candidate) => candidate.id === id);
      if (!command) throw new Error(`No command ${id}`);
      const enabled = command.enabled(target);
      if (enabled) command.perform(target);
      return enabled;
    },
  };
}
