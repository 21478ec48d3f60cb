// The price grid's keyboard editing, as Excel's Ready / Enter / Edit modes: one pure function
// from a state and an action to the next state and the cell changes it makes. The grid keeps
// the state, runs every key through the command registry to an action here, and draws what the
// state says (the editor's text, caret and list); tests run the same function without a DOM.
//
// - Ready: the cursor is on a cell. Typing starts Enter mode with the typed character replacing
//   the cell; Enter or F2 opens the cell in Edit mode with its content; arrows and Tab move.
// - Enter: the clerk is typing a new value. Enter, Tab and the arrows store it and move on,
//   leaving the next cell in Ready mode: a keystroke never lands in a cell the clerk did not type in.
// - Edit: the clerk is changing the content in place. Left, Right, Home and End move the caret;
//   Enter and Tab store and move on. A choice cell (commission, room type...) opens as a list whose
//   Up and Down pick, so a choice changes only when the clerk opened it on purpose.
// A value the cell refuses (not a number, three decimals, a rate the model lacks) is not stored:
// the cell stays open in Edit mode with the typed text and the reason, until the clerk fixes it or
// presses Escape.

import type { CellPosition, CellRange } from '../cell-range';
import { rangeToSelection } from '../cell-range';
import type { CellChange } from './cell-change';
import { clearCells } from './clear-cells';
import { deleteText, insertText, moveCaret, selectAllText, textWithCaretAtEnd, type CaretMotion, type EditorText } from './editor-text';
import { cellInputText } from './cell-input-text';
import { isCellEditable, type GridColumn } from './grid-column';
import { dataRowFrom, moveCursor, type CursorMotion, type GridLayout } from './grid-cursor';
import type { GridRow } from './grid-row';
import { textToCellChanges } from './text-to-cell-changes';

export type EditMode = 'ready' | 'enter' | 'edit';

export type EditState = {
  mode: EditMode;
  /** The active cell: typing, F2, Enter and Backspace act on it. Null before the grid has the focus. */
  active: CellPosition | null;
  /**
   * The selection, from `anchor` to `focus`: Shift+arrows move the focus (the corner the grid keeps
   * in view) and leave the active cell where the clerk started.
   */
  range: CellRange | null;
  /** The text being typed, in Enter and Edit modes. */
  editor: EditorText | null;
  /** What the edited cell held as text when the edit began: storing it unchanged changes nothing. */
  original: string;
  /** The option highlighted while a choice cell's list is open (-1: none yet); null when no list is open. */
  choice: number | null;
  /** The column a run of Tab presses started in: Enter after them goes down to it, as in Excel. */
  tabColumn: string | null;
};

export const READY: EditState = { mode: 'ready', active: null, range: null, editor: null, original: '', choice: null, tabColumn: null };

export type EditAction =
  /** A cursor motion (arrows, Home, Page Down...); Shift extends the selection. In Enter mode it stores first. */
  | { type: 'move'; motion: CursorMotion; extend: boolean }
  /** Tab or Shift+Tab: along the row; in Enter or Edit mode it stores first. */
  | { type: 'tab'; backwards: boolean }
  /** Enter or Shift+Enter: in Ready, Enter opens the cell and Shift+Enter goes up; else store and go down (up). */
  | { type: 'enter'; backwards: boolean }
  /** F2: opens the cell in Edit mode; while typing, switches between Enter and Edit modes. */
  | { type: 'edit' }
  /** Alt+Down: opens a choice cell's list. */
  | { type: 'open-list' }
  /** Printable text typed (or pasted into the cell's text). */
  | { type: 'type'; text: string }
  | { type: 'backspace' }
  /** Delete: in Ready clears the selected cells; while typing, the character after the caret. */
  | { type: 'delete' }
  | { type: 'caret'; motion: CaretMotion; extend: boolean }
  /** Up or Down in Edit mode: the previous or next choice of an open list (a click: any other). */
  | { type: 'pick'; delta: number }
  /** Escape: drops the edit, or in Ready shrinks the selection to the active cell. */
  | { type: 'cancel' }
  /** Stores what is typed and stays on the cell (before a save, when the focus leaves the grid). */
  | { type: 'commit' }
  | { type: 'click'; cell: CellPosition; extend: boolean }
  /** A selection made by a command (Ctrl+A, Shift+Space) or by rows that moved; `active` kept if inside. */
  | { type: 'select'; range: CellRange; active?: CellPosition }
  | { type: 'select-all-text' }
  /** The editor's text and caret as the clerk's mouse left them, or after a cut of its selection. */
  | { type: 'set-editor'; editor: EditorText };

/** What the machine needs to know of the grid: its layout and the rows and columns behind its cells. */
export type EditGrid = {
  layout: GridLayout;
  /** The price rows, by price row index (`#`). */
  rows: readonly GridRow[];
  /** Every column the cursor can stand on, with choices for choice columns. */
  columns: readonly GridColumn[];
  /** The price row of a displayed row, or -1 for a group header row. */
  priceRowOf: (displayRow: number) => number;
  readOnly: boolean;
  /** A column's name as the clerk knows it, for messages ('Gross', 'Commission'). */
  columnName: (colId: string) => string;
};

export type EditOutcome = {
  state: EditState;
  /** The changes to store: one undo step. */
  changes: CellChange[];
  /** Why a key did nothing or a value was refused, naming the row and column; null when all went well. */
  message: string | null;
  /** Tab past the grid's last (Shift+Tab: first) cell in Ready mode: the browser moves the focus on. */
  leave?: 'forward' | 'backward';
};

/** The next state for an action, and the cells it stores. */
export function editTransition(state: EditState, action: EditAction, grid: EditGrid): EditOutcome {
  const editing = state.mode !== 'ready' && state.editor !== null && state.active !== null;
  switch (action.type) {
    case 'move':
      return afterCommit(state, grid, editing && state.mode === 'enter', (next) => moved(next, grid, action.motion, action.extend));
    case 'tab':
      return afterCommit(state, grid, editing, (next) => tabbed(next, grid, action.backwards, editing));
    case 'enter':
      if (!editing) return action.backwards ? moved(state, grid, 'up', false) : openCell(state, grid, 'edit');
      return afterCommit(state, grid, true, (next) => enteredDown(next, grid, action.backwards));
    case 'edit':
      if (!editing) return openCell(state, grid, 'edit');
      return done({ ...state, mode: state.mode === 'edit' ? 'enter' : 'edit', choice: null });
    case 'open-list':
      return !editing && cellOf(state.active, grid)?.column.options ? openCell(state, grid, 'edit') : done(state);
    case 'type':
      if (editing) return done({ ...state, editor: insertText(state.editor as EditorText, action.text), choice: null });
      return startTyping(state, grid, action.text);
    case 'backspace':
      if (editing) return done({ ...state, editor: deleteText(state.editor as EditorText, 'before'), choice: null });
      return startTyping(state, grid, '');
    case 'delete':
      if (editing) return done({ ...state, editor: deleteText(state.editor as EditorText, 'after'), choice: null });
      return clearSelection(state, grid);
    case 'caret':
      if (!editing) return done(state);
      return done({ ...state, mode: 'edit', editor: moveCaret(state.editor as EditorText, action.motion, action.extend), choice: null });
    case 'pick':
      return editing && state.choice !== null ? picked(state, grid, action.delta) : done(state);
    case 'cancel':
      if (editing) return done(closed(state));
      return done(state.active ? { ...state, range: { anchor: state.active, focus: state.active } } : state);
    case 'commit':
      return afterCommit(state, grid, editing, (next) => done(next));
    case 'click':
      return afterCommit(state, grid, editing, (next) => clicked(next, grid, action.cell, action.extend));
    case 'select':
      return editing ? done(state) : done(selected(state, grid, action.range, action.active));
    case 'select-all-text':
      return editing ? done({ ...state, mode: 'edit', editor: selectAllText(state.editor as EditorText) }) : done(state);
    case 'set-editor':
      return editing ? done({ ...state, mode: 'edit', editor: action.editor, choice: null }) : done(state);
  }
}

const done = (state: EditState, changes: CellChange[] = [], message: string | null = null): EditOutcome => ({ state, changes, message });

/** The state after an edit ends: Ready on the same cell. */
const closed = (state: EditState): EditState => ({ ...state, mode: 'ready', editor: null, original: '', choice: null });

type Cell = { row: GridRow; rowIndex: number; column: GridColumn; editable: boolean };

/** The row and column under a displayed cell, or null on a header row or an unknown column. */
function cellOf(position: CellPosition | null, grid: EditGrid): Cell | null {
  if (position === null) return null;
  const rowIndex = grid.priceRowOf(position.rowIndex);
  const row = grid.rows[rowIndex];
  const column = grid.columns.find((candidate) => candidate.colId === position.colId);
  if (row === undefined || column === undefined) return null;
  const editable = !grid.readOnly && isCellEditable(column, row);
  return { row, rowIndex, column, editable };
}

const notTypable = (grid: EditGrid, cell: Cell) => `Row ${cell.rowIndex}, ${grid.columnName(cell.column.colId)}: this cell is worked out, not typed`;

/** Enter or F2 in Ready: the cell opens with its content (a choice cell as its list). */
function openCell(state: EditState, grid: EditGrid, mode: EditMode): EditOutcome {
  const cell = cellOf(state.active, grid);
  if (cell === null || grid.readOnly) return done(state);
  if (!cell.editable) return done(state, [], notTypable(grid, cell));
  const original = cellInputText(cell.row, cell.column);
  const options = cell.column.options;
  if (!options) return done({ ...state, mode, editor: textWithCaretAtEnd(original), original, choice: null });
  // The list opens on the cell's choice; on none when it holds none, so Enter alone changes nothing.
  const choice = options.findIndex((option) => option.label === original);
  return done({ ...state, mode, editor: textWithCaretAtEnd(original), original, choice });
}

/** A character (or Backspace, `text` '') in Ready: Enter mode, the typed text replacing the cell's. */
function startTyping(state: EditState, grid: EditGrid, text: string): EditOutcome {
  const cell = cellOf(state.active, grid);
  if (cell === null || grid.readOnly) return done(state);
  if (!cell.editable) return done(state, [], notTypable(grid, cell));
  const original = cellInputText(cell.row, cell.column);
  return done({ ...state, mode: 'enter', editor: insertText(textWithCaretAtEnd(''), text), original, choice: null });
}

function picked(state: EditState, grid: EditGrid, delta: number): EditOutcome {
  const options = cellOf(state.active, grid)?.column.options ?? [];
  if (options.length === 0 || state.choice === null) return done(state);
  const choice = Math.max(0, Math.min(options.length - 1, state.choice + delta));
  return done({ ...state, choice, editor: textWithCaretAtEnd(options[choice].label) });
}

/**
 * Stores the typed text when `commits` (else goes straight on), then runs `next` from Ready. A
 * refused text keeps the cell open in Edit mode with the reason, and `next` does not run: the
 * cursor never moves past a value that was not stored.
 */
function afterCommit(state: EditState, grid: EditGrid, commits: boolean, next: (state: EditState) => EditOutcome): EditOutcome {
  if (!commits || state.editor === null) return next(state);
  const cell = cellOf(state.active, grid);
  if (cell === null || !cell.editable) return next(closed(state));
  const text = state.editor.text;
  if (text === state.original) return next(closed(state));
  const result = textToCellChanges(cell.row, cell.column, text);
  if (!result.ok) {
    return done({ ...state, mode: 'edit', choice: null }, [], `Row ${cell.rowIndex}, ${grid.columnName(cell.column.colId)}: ${result.message}`);
  }
  const outcome = next(closed(state));
  return { ...outcome, changes: [...result.changes, ...outcome.changes] };
}

function moved(state: EditState, grid: EditGrid, motion: CursorMotion, extend: boolean): EditOutcome {
  if (state.active === null || state.range === null) return done(state);
  if (extend) return done({ ...state, range: { anchor: state.range.anchor, focus: moveCursor(grid.layout, state.range.focus, motion) }, tabColumn: null });
  return done(at(state, moveCursor(grid.layout, state.active, motion)));
}

/** The state with the cursor on one cell, nothing else selected, no run of Tabs. */
const at = (state: EditState, cell: CellPosition): EditState => ({ ...state, active: cell, range: { anchor: cell, focus: cell }, tabColumn: null });

/**
 * Tab goes right along the row and Shift+Tab left, remembering where the run started. Past the
 * row's last (first) cell, Ready mode lets the browser take the focus out of the grid, so the
 * keyboard is never trapped in it; after storing a typed value the cursor stays on the cell.
 */
function tabbed(state: EditState, grid: EditGrid, backwards: boolean, stored: boolean): EditOutcome {
  if (state.active === null) return done(state);
  const { columns } = grid.layout;
  const column = columns.indexOf(state.active.colId);
  const target = column < 0 ? (backwards ? -1 : 0) : column + (backwards ? -1 : 1);
  if (target < 0 || target >= columns.length) {
    return stored ? done(at(state, state.active)) : { ...done(state), leave: backwards ? 'backward' : 'forward' };
  }
  const tabColumn = state.tabColumn ?? state.active.colId;
  return done({ ...at(state, { rowIndex: state.active.rowIndex, colId: columns[target] }), tabColumn });
}

/** Enter after storing: down (Shift: up) a data row; after a run of Tabs, back in the run's first column. */
function enteredDown(state: EditState, grid: EditGrid, backwards: boolean): EditOutcome {
  if (state.active === null) return done(state);
  const rowIndex = dataRowFrom(grid.layout, state.active.rowIndex, backwards ? -1 : 1) ?? state.active.rowIndex;
  const colId = !backwards && state.tabColumn !== null ? state.tabColumn : state.active.colId;
  return done(at(state, { rowIndex, colId }));
}

function clicked(state: EditState, grid: EditGrid, cell: CellPosition, extend: boolean): EditOutcome {
  if (!grid.layout.isDataRow(cell.rowIndex)) return done(state);
  if (extend && state.range !== null) return done({ ...state, range: { anchor: state.range.anchor, focus: cell }, tabColumn: null });
  return done(at(state, cell));
}

function selected(state: EditState, grid: EditGrid, range: CellRange, active?: CellPosition): EditState {
  const kept = active ?? (state.active && insideRange(range, grid.layout.columns, state.active) ? state.active : range.anchor);
  return { ...state, active: kept, range, tabColumn: null };
}

function insideRange(range: CellRange, columns: readonly string[], cell: CellPosition): boolean {
  const rows = [range.anchor.rowIndex, range.focus.rowIndex].sort((a, b) => a - b);
  const cols = [columns.indexOf(range.anchor.colId), columns.indexOf(range.focus.colId)].sort((a, b) => a - b);
  const column = columns.indexOf(cell.colId);
  return cell.rowIndex >= rows[0] && cell.rowIndex <= rows[1] && column >= cols[0] && column <= cols[1];
}

/** Delete in Ready: every editable cell of the selection emptied, as one undo step. */
function clearSelection(state: EditState, grid: EditGrid): EditOutcome {
  if (state.range === null || grid.readOnly) return done(state);
  const selection = rangeToSelection(state.range, grid.layout.columns, grid.priceRowOf);
  return done(state, selection === null ? [] : clearCells(grid.rows, selection, grid.columns));
}

/** Keeps the cursor on the grid after rows were removed or re-laid out: on the nearest data row. */
export function fitToLayout(state: EditState, layout: GridLayout): EditState {
  if (state.active === null || state.range === null) return state;
  const fit = (cell: CellPosition): CellPosition => {
    const last = layout.rowCount - 1;
    const row = Math.max(0, Math.min(last, cell.rowIndex));
    const data = layout.isDataRow(row) ? row : (dataRowFrom(layout, row, 1) ?? row);
    return data === cell.rowIndex ? cell : { rowIndex: data, colId: cell.colId };
  };
  const active = fit(state.active);
  const anchor = fit(state.range.anchor);
  const focus = fit(state.range.focus);
  if (active === state.active && anchor === state.range.anchor && focus === state.range.focus) return state;
  return { ...state, active, range: { anchor, focus } };
}
