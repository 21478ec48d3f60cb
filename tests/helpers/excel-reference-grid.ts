// An independent reference of what Excel's keyboard rules (as the grid adopts them: README's key
// table) leave in every cell, for the model-based tests of the edit machine. It is written from
// the rules, not from the machine: its own cursor, modes, text editing, number and formula
// reading, clipboard, fill, cut and undo, over a sheet of price rows under group headers (the
// unit test's small one, or the pricing tab's in Chromium). Only the formula language itself
// (which text is a formula at all) is asked of src/formulas.

import { parseFormulaParts } from '../../src/formulas/formula-references';
import { MAX_MONEY } from '../../src/domain/pricing/price-fields';

export type RefRow = { key: string; formula: string | null; [field: string]: unknown };
export type RefCell = { rowIndex: number; colId: string };
export type RefMode = 'ready' | 'enter' | 'edit';
export type RefOption = { value: number | null; label: string };

/**
 * A column as the rules see it: the gross (a number or a formula), a number (`limited`: a price,
 * held to the money limit and never negative), a choice among labelled options, or a cell the
 * grid works out (`copied`: what a copy of it gives).
 */
export type RefColumn =
  | { colId: string; kind: 'gross' }
  | { colId: string; kind: 'number'; limited: boolean }
  | { colId: string; kind: 'choice'; options: readonly RefOption[] }
  | { colId: string; kind: 'fixed'; copied: string };

/** The sheet: each displayed row's price row (-1: a group header) and the columns the cursor stands on. */
export type RefSheet = { displayToPrice: readonly number[]; columns: readonly RefColumn[] };

export type RefState = {
  sheet: RefSheet;
  rows: RefRow[];
  mode: RefMode;
  active: RefCell;
  anchor: RefCell;
  focus: RefCell;
  text: string;
  caret: number;
  textAnchor: number;
  original: string;
  list: number | null;
  tabColumn: string | null;
  past: RefRow[][];
  future: RefRow[][];
  clipboard: string;
  cutMark: { text: string; rows: number[]; cols: string[] } | null;
  copyMark: { text: string; row: number } | null;
};

/** The sheet with the cursor on `start`, where a click put it. */
export function referenceGrid(sheet: RefSheet, rows: readonly RefRow[], start: RefCell): RefState {
  return {
    sheet,
    rows: rows.map((row) => ({ ...row })),
    mode: 'ready',
    active: start,
    anchor: start,
    focus: start,
    text: '',
    caret: 0,
    textAnchor: 0,
    original: '',
    list: null,
    tabColumn: null,
    past: [],
    future: [],
    clipboard: '',
    cutMark: null,
    copyMark: null,
  };
}

// ---- cells ----

const columnOf = (sheet: RefSheet, colId: string) => sheet.columns.find((column) => column.colId === colId);
const editable = (sheet: RefSheet, colId: string) => {
  const kind = columnOf(sheet, colId)?.kind;
  return kind !== undefined && kind !== 'fixed';
};
const priceOf = (sheet: RefSheet, cell: RefCell) => sheet.displayToPrice[cell.rowIndex];
const dataRows = (sheet: RefSheet) => sheet.displayToPrice.flatMap((price, row) => (price >= 0 ? [row] : []));
const nav = (sheet: RefSheet) => sheet.columns.map((column) => column.colId);

/** What F2 shows in a cell. */
function content(sheet: RefSheet, row: RefRow, colId: string): string {
  const column = columnOf(sheet, colId);
  const value = row[colId];
  if (column?.kind === 'gross' && row.formula) return row.formula;
  if (column?.kind === 'choice') return column.options.find((option) => option.value === (value ?? null))?.label ?? (value == null ? '' : `#${String(value)}`);
  if (column?.kind === 'fixed') return column.copied;
  return value == null ? '' : String(value);
}

/** What a copy writes for a cell: a formula behind '='. */
function sheetText(sheet: RefSheet, row: RefRow, colId: string): string {
  return columnOf(sheet, colId)?.kind === 'gross' && row.formula ? `=${row.formula}` : content(sheet, row, colId);
}

type Stored = { ok: true; row: RefRow } | { ok: false };

/** Typed or pasted text into a cell, by the grid's reading rules: numbers, formulas (gross), choices. */
function store(sheet: RefSheet, row: RefRow, colId: string, text: string): Stored {
  const column = columnOf(sheet, colId);
  const t = text.trim();
  if (column?.kind === 'choice') return storeChoice(column.options, row, colId, t);
  if (t === '') return { ok: true, row: column?.kind === 'gross' ? { ...row, [colId]: null, formula: null } : { ...row, [colId]: null } };
  const rest = formulaPart(t);
  if (isNumber(rest)) {
    const value = Number(rest.replace(/ /g, ''));
    if (value > MAX_MONEY && (column?.kind === 'gross' || (column?.kind === 'number' && column.limited))) return { ok: false };
    return { ok: true, row: column?.kind === 'gross' ? { ...row, [colId]: value, formula: null } : { ...row, [colId]: value } };
  }
  if (column?.kind === 'gross' && isFormula(rest)) return { ok: true, row: { ...row, formula: rest } };
  return { ok: false };
}

/** A choice by its label (case and spaces aside), or by the percentage its label starts with. */
function storeChoice(options: readonly RefOption[], row: RefRow, colId: string, t: string): Stored {
  if (t === '') return { ok: true, row: { ...row, [colId]: null } };
  const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  const byLabel = options.find((option) => normal(option.label) === normal(t));
  if (byLabel) return { ok: true, row: { ...row, [colId]: byLabel.value } };
  const percent = /^(-?\d+(?:\.\d+)?)\s*%?$/.exec(t);
  const percentOf = (option: RefOption) => /^(-?\d+(?:\.\d+)?)%/.exec(option.label)?.[1];
  const matches = percent ? options.filter((option) => percentOf(option) !== undefined && Number(percentOf(option)) === Number(percent[1])) : [];
  const chosen = matches.length === 1 ? matches[0] : matches.find((option) => option.value === (row[colId] ?? null));
  return chosen ? { ok: true, row: { ...row, [colId]: chosen.value } } : { ok: false };
}

/** The text without Excel's leading '=' (and the spaces after it). */
const formulaPart = (text: string) => (text.startsWith('=') ? text.slice(1).trimStart() : text);
/** A whole number, perhaps signed '+', its thousands perhaps grouped by spaces as a pasted block's flattened cells can be. */
const isNumber = (text: string) => /^\+?(\d+|\d{1,3}( \d{3})+)$/.test(text);
/** A formula is what is left of the text's language once it is no number: references or operators. */
const isFormula = (rest: string) => rest !== '' && !isNumber(rest) && /^[0-9[\]+*= #REF!]+$/.test(rest) && (/\[\d+\]/.test(rest) || /[+*=]/.test(rest));

/** Each [n] moved by `offset` rows (#REF! above row 0), when the text is in the formula language. */
function shifted(formula: string, offset: number): string {
  if (parseFormulaParts(formula) === undefined) return formula;
  return formula.replace(/\[(\d+)\]/g, (_, row: string) => (Number(row) + offset < 0 ? '#REF!' : `[${Number(row) + offset}]`));
}

// ---- cursor ----

function down(sheet: RefSheet, row: number, steps: number): number {
  const rows = dataRows(sheet);
  return rows[Math.max(0, Math.min(rows.length - 1, rows.indexOf(row) + steps))];
}
const column = (sheet: RefSheet, colId: string) => nav(sheet).indexOf(colId);
const cellAt = (sheet: RefSheet, rowIndex: number, col: number): RefCell => ({
  rowIndex,
  colId: nav(sheet)[Math.max(0, Math.min(sheet.columns.length - 1, col))],
});

function motion(sheet: RefSheet, cell: RefCell, key: string): RefCell {
  switch (key) {
    case 'ArrowUp':
      return { ...cell, rowIndex: down(sheet, cell.rowIndex, -1) };
    case 'ArrowDown':
      return { ...cell, rowIndex: down(sheet, cell.rowIndex, 1) };
    case 'ArrowLeft':
      return cellAt(sheet, cell.rowIndex, column(sheet, cell.colId) - 1);
    case 'ArrowRight':
      return cellAt(sheet, cell.rowIndex, column(sheet, cell.colId) + 1);
    case 'Home':
      return cellAt(sheet, cell.rowIndex, 0);
    default:
      return cellAt(sheet, cell.rowIndex, sheet.columns.length - 1);
  }
}

const moveTo = (state: RefState, cell: RefCell): RefState => ({ ...state, active: cell, anchor: cell, focus: cell, tabColumn: null });

/** The price rows and columns the selection covers. */
function selected(state: RefState): { rows: number[]; cols: string[] } {
  const { sheet } = state;
  const [top, bottom] = [state.anchor.rowIndex, state.focus.rowIndex].sort((a, b) => a - b);
  const [left, right] = [column(sheet, state.anchor.colId), column(sheet, state.focus.colId)].sort((a, b) => a - b);
  const rows = dataRows(sheet)
    .filter((row) => row >= top && row <= bottom)
    .map((row) => sheet.displayToPrice[row]);
  return { rows, cols: nav(sheet).slice(left, right + 1) };
}

// ---- history ----

const same = (a: RefRow[], b: RefRow[]) => JSON.stringify(a) === JSON.stringify(b);

/** A change of the cells: one undo step, and, as any edit does, the end of a marked cut. */
function changed(state: RefState, rows: RefRow[]): RefState {
  if (same(rows, state.rows)) return state;
  return { ...state, rows, past: [...state.past, state.rows], future: [], cutMark: null };
}

// ---- typing ----

function open(state: RefState, mode: RefMode, text: string | null): RefState {
  const { sheet } = state;
  const price = priceOf(sheet, state.active);
  if (!editable(sheet, state.active.colId) || price === undefined) return state;
  const original = content(sheet, state.rows[price], state.active.colId);
  const typed = text ?? original;
  const choice = columnOf(sheet, state.active.colId);
  const list = text === null && choice?.kind === 'choice' ? choice.options.findIndex((option) => option.label === original) : null;
  return { ...state, mode, original, text: typed, caret: typed.length, textAnchor: typed.length, list };
}

function insert(state: RefState, text: string): RefState {
  const flat = text.replace(/\r\n|[\r\n\t]/g, ' ');
  const [from, to] = [state.caret, state.textAnchor].sort((a, b) => a - b);
  const caret = from + flat.length;
  return { ...state, text: state.text.slice(0, from) + flat + state.text.slice(to), caret, textAnchor: caret, list: null };
}

function erase(state: RefState, before: boolean): RefState {
  if (state.caret !== state.textAnchor) return insert(state, '');
  const at = before ? state.caret - 1 : state.caret;
  if (at < 0 || at >= state.text.length) return { ...state, list: null };
  return { ...state, text: state.text.slice(0, at) + state.text.slice(at + 1), caret: at, textAnchor: at, list: null };
}

/** Stores the typed text; null when the cell refuses it (it then stays open in Edit mode). */
function commit(state: RefState): RefState | null {
  const closed = { ...state, mode: 'ready' as const, text: '', caret: 0, textAnchor: 0, original: '', list: null };
  if (state.text === state.original) return closed;
  const price = priceOf(state.sheet, state.active);
  const result = store(state.sheet, state.rows[price], state.active.colId, state.text);
  if (!result.ok) return null;
  return changed(
    closed,
    state.rows.map((row, index) => (index === price ? result.row : row)),
  );
}

const refused = (state: RefState): RefState => ({ ...state, mode: 'edit', list: null });

// ---- clipboard, fill, clear ----

function copy(state: RefState, cut: boolean): RefState {
  const { rows, cols } = selected(state);
  const text = rows.map((row) => cols.map((colId) => sheetText(state.sheet, state.rows[row], colId)).join('\t')).join('\n');
  const next = { ...state, clipboard: text, copyMark: { text, row: rows[0] } };
  return cut ? { ...next, cutMark: { text, rows, cols } } : next;
}

function block(text: string): string[][] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

function paste(state: RefState): RefState {
  const { sheet } = state;
  const { rows: selRows, cols: selCols } = selected(state);
  const cells = block(state.clipboard);
  const cut = state.cutMark?.text === state.clipboard ? state.cutMark : null;
  const copiedFrom = !cut && state.copyMark?.text === state.clipboard ? state.copyMark.row : null;
  let rows = state.rows.map((row) => ({ ...row }));
  let errors = 0;
  const landed = new Set<string>();
  const write = (row: number, colId: string, text: string, blockRow: number) => {
    if (!editable(sheet, colId)) return;
    landed.add(`${row}:${colId}`);
    const rest = formulaPart(text.trim());
    const gross = columnOf(sheet, colId)?.kind === 'gross';
    const moved = copiedFrom !== null && gross && isFormula(rest) ? `=${shifted(rest, row - (copiedFrom + blockRow))}` : text;
    const result = store(sheet, rows[row], colId, moved);
    if (result.ok) rows[row] = result.row;
    else errors += 1;
  };
  const focusRow = selRows[0];
  let fellOff = false;
  if (cells.length === 1 && cells[0].length === 1 && !cut && (selRows.length > 1 || selCols.filter((colId) => editable(sheet, colId)).length > 1)) {
    for (const row of selRows) for (const colId of selCols) write(row, colId, cells[0][0], 0);
  } else if (cells.length > 0) {
    const width = Math.max(...cells.map((line) => line.length));
    const targets = nav(sheet).slice(column(sheet, selCols[0]), column(sheet, selCols[0]) + width);
    if (!targets.some((colId) => editable(sheet, colId))) errors += 1;
    else {
      fellOff = targets.length < width;
      cells.forEach((line, b) => {
        if (focusRow + b >= rows.length) {
          fellOff = true;
          return;
        }
        line.forEach((text, c) => {
          if (targets[c]) write(focusRow + b, targets[c], text, b);
        });
      });
    }
  }
  if (cut && errors === 0 && landed.size > 0 && !fellOff) {
    for (const row of cut.rows) {
      for (const colId of cut.cols)
        if (editable(sheet, colId) && !landed.has(`${row}:${colId}`)) rows[row] = (store(sheet, rows[row], colId, '') as { row: RefRow }).row;
    }
    rows = followCut(sheet, rows, cut, focusRow, selCols[0]) ?? state.rows;
  }
  return { ...changed(state, rows), cutMark: null };
}

/** References to a cut gross follow it; those to the cells it overwrote become #REF!. Null: refused. */
function followCut(sheet: RefSheet, rows: RefRow[], cut: { rows: number[]; cols: string[] }, focusRow: number, focusCol: string): RefRow[] | null {
  const gross = sheet.columns.find((candidate) => candidate.kind === 'gross')?.colId;
  if (gross === undefined || !cut.cols.includes(gross)) return rows;
  const landsOn = nav(sheet)[column(sheet, focusCol) + cut.cols.indexOf(gross)];
  const refs = (formula: string | null) => [...(formula ?? '').matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
  const named = (row: number) => rows.some((candidate) => parseFormulaParts(candidate.formula ?? '') !== undefined && refs(candidate.formula).includes(row));
  if (landsOn !== gross) return cut.rows.some(named) ? null : rows;
  const destination = new Map(cut.rows.map((row, b) => [row, focusRow + b]));
  const overwritten = new Set([...destination.values()].filter((row) => row < rows.length && !destination.has(row)));
  return rows.map((row) => {
    if (!row.formula || parseFormulaParts(row.formula) === undefined) return row;
    const formula = row.formula.replace(/\[(\d+)\]/g, (match, n: string) => {
      const at = Number(n);
      if (destination.has(at)) return `[${destination.get(at)}]`;
      return overwritten.has(at) ? '#REF!' : match;
    });
    return { ...row, formula };
  });
}

function fill(state: RefState, direction: 'down' | 'right'): RefState {
  const { sheet } = state;
  const { rows: selRows, cols: selCols } = selected(state);
  const rows = state.rows.map((row) => ({ ...row }));
  const copyInto = (from: number, fromCol: string, to: number, toCol: string) => {
    if (!editable(sheet, toCol) || !editable(sheet, fromCol)) return;
    const text = sheetText(sheet, rows[from], fromCol);
    const moved = columnOf(sheet, fromCol)?.kind === 'gross' && rows[from].formula ? `=${shifted(formulaPart(text), to - from)}` : text;
    const result = store(sheet, rows[to], toCol, moved);
    if (result.ok) rows[to] = result.row;
  };
  if (direction === 'down') {
    const source = selRows.length > 1 ? selRows[0] : selRows[0] - 1;
    if (source >= 0) for (const colId of selCols) for (const row of selRows.filter((candidate) => candidate > source)) copyInto(source, colId, row, colId);
  } else {
    const at = column(sheet, selCols[0]);
    // One column copies from the one to its left: `#` (no source) left of the first.
    const sourceCol = selCols.length > 1 ? selCols[0] : at === 0 ? '#' : nav(sheet)[at - 1];
    const targets = selCols.length > 1 ? selCols.slice(1) : selCols;
    for (const row of selRows) for (const colId of targets) copyInto(row, sourceCol, row, colId);
  }
  return changed(state, rows);
}

function clear(state: RefState): RefState {
  const { sheet } = state;
  const { rows: selRows, cols } = selected(state);
  const rows = state.rows.map((row, index) =>
    selRows.includes(index)
      ? cols.filter((colId) => editable(sheet, colId)).reduce((cleared, colId) => (store(sheet, cleared, colId, '') as { row: RefRow }).row, row)
      : row,
  );
  return changed(state, rows);
}

// ---- keys ----

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** What one key (or a click) does, by the rules. */
export function referenceStep(state: RefState, step: { key: string } | { click: RefCell; extend: boolean }): RefState {
  if ('click' in step) {
    const next = state.mode === 'ready' ? state : commit(state);
    if (next === null) return refused(state);
    return step.extend ? { ...next, focus: step.click, tabColumn: null } : moveTo(next, step.click);
  }
  return state.mode === 'ready' ? ready(state, step.key) : typing(state, step.key);
}

/** Whether a Tab (or Shift+Tab) in Ready mode leaves the grid: past the row's last (first) cell. */
export function tabLeaves(state: RefState, key: string): boolean {
  const target = column(state.sheet, state.active.colId) + (key === 'Tab' ? 1 : -1);
  return state.mode === 'ready' && (key === 'Tab' || key === 'Shift+Tab') && (target < 0 || target >= state.sheet.columns.length);
}

function ready(state: RefState, key: string): RefState {
  const { sheet } = state;
  if (key.length === 1) return open(state, 'enter', key);
  if (ARROWS.includes(key) || key === 'Home' || key === 'End') return moveTo(state, motion(sheet, state.active, key));
  if (key.startsWith('Shift+Arrow')) return { ...state, focus: motion(sheet, state.focus, key.slice(6)), tabColumn: null };
  switch (key) {
    case 'Enter':
    case 'F2':
      return open(state, 'edit', null);
    case 'Alt+ArrowDown':
      return columnOf(sheet, state.active.colId)?.kind === 'choice' ? open(state, 'edit', null) : state;
    case 'Shift+Enter':
      return moveTo(state, motion(sheet, state.active, 'ArrowUp'));
    case 'Backspace':
      return open(state, 'enter', '');
    case 'Tab':
    case 'Shift+Tab': {
      if (tabLeaves(state, key)) return state;
      const target = column(sheet, state.active.colId) + (key === 'Tab' ? 1 : -1);
      return { ...moveTo(state, cellAt(sheet, state.active.rowIndex, target)), tabColumn: state.tabColumn ?? state.active.colId };
    }
    case 'Escape':
      return { ...state, cutMark: null, anchor: state.active, focus: state.active };
    case 'Delete':
      return clear(state);
    case 'Control+z':
      return state.past.length === 0 ? state : undoTo(state, state.past.at(-1) as RefRow[], state.past.slice(0, -1), [...state.future, state.rows]);
    case 'Control+y':
      return state.future.length === 0 ? state : undoTo(state, state.future.at(-1) as RefRow[], [...state.past, state.rows], state.future.slice(0, -1));
    case 'Control+c':
      return copy(state, false);
    case 'Control+x':
      return copy(state, true);
    case 'Control+v':
      return paste(state);
    case 'Control+d':
      return fill(state, 'down');
    case 'Control+r':
      return fill(state, 'right');
    default:
      return state;
  }
}

function undoTo(state: RefState, rows: RefRow[], past: RefRow[][], future: RefRow[][]): RefState {
  return { ...state, rows, past, future, cutMark: same(rows, state.rows) ? state.cutMark : null };
}

function typing(state: RefState, key: string): RefState {
  const { sheet } = state;
  if (key.length === 1) return insert(state, key);
  const storeThen = (then: (next: RefState) => RefState) => {
    const next = commit(state);
    return next === null ? refused(state) : then(next);
  };
  const selectedText = state.text.slice(Math.min(state.caret, state.textAnchor), Math.max(state.caret, state.textAnchor));
  switch (key) {
    case 'Enter':
    case 'Shift+Enter':
      return storeThen((next) => {
        const up = key === 'Shift+Enter';
        const colId = !up && state.tabColumn !== null ? state.tabColumn : state.active.colId;
        return moveTo(next, { rowIndex: down(sheet, state.active.rowIndex, up ? -1 : 1), colId });
      });
    case 'Tab':
    case 'Shift+Tab':
      return storeThen((next) => {
        const target = column(sheet, state.active.colId) + (key === 'Tab' ? 1 : -1);
        if (target < 0 || target >= sheet.columns.length) return moveTo(next, state.active);
        return { ...moveTo(next, cellAt(sheet, state.active.rowIndex, target)), tabColumn: state.tabColumn ?? state.active.colId };
      });
    case 'Escape':
    case 'Control+z':
      return { ...state, mode: 'ready', text: '', caret: 0, textAnchor: 0, original: '', list: null };
    case 'F2':
      return { ...state, mode: state.mode === 'edit' ? 'enter' : 'edit', list: null };
    case 'Backspace':
      return erase(state, true);
    case 'Delete':
      return erase(state, false);
    case 'Home':
    case 'End': {
      const caret = key === 'Home' ? 0 : state.text.length;
      return { ...state, mode: 'edit', caret, textAnchor: caret, list: null };
    }
    case 'Control+c':
      return selectedText === '' ? state : { ...state, clipboard: selectedText };
    case 'Control+x':
      return selectedText === '' ? state : insert({ ...state, clipboard: selectedText }, '');
    case 'Control+v':
      return insert(state, state.clipboard);
    default:
      break;
  }
  if (state.mode === 'enter') {
    if (ARROWS.includes(key)) return storeThen((next) => moveTo(next, motion(sheet, state.active, key)));
    if (key.startsWith('Shift+Arrow')) return storeThen((next) => ({ ...next, focus: motion(sheet, state.focus, key.slice(6)), tabColumn: null }));
    return state;
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Shift+ArrowRight') {
    const collapsed = state.caret === state.textAnchor;
    const extend = key.startsWith('Shift');
    const left = key === 'ArrowLeft';
    let caret: number;
    if (!extend && !collapsed) caret = left ? Math.min(state.caret, state.textAnchor) : Math.max(state.caret, state.textAnchor);
    else caret = Math.max(0, Math.min(state.text.length, state.caret + (left ? -1 : 1)));
    return { ...state, caret, textAnchor: extend ? state.textAnchor : caret, list: null };
  }
  const choice = columnOf(sheet, state.active.colId);
  if ((key === 'ArrowUp' || key === 'ArrowDown') && state.list !== null && choice?.kind === 'choice') {
    const list = Math.max(0, Math.min(choice.options.length - 1, state.list + (key === 'ArrowUp' ? -1 : 1)));
    const text = choice.options[list].label;
    return { ...state, list, text, caret: text.length, textAnchor: text.length };
  }
  return state;
}
