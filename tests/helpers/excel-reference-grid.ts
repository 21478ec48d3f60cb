// An independent reference of what Excel's keyboard rules (as the grid adopts them: README's key
// table) leave in every cell, for the model-based tests of the edit machine. It is written from
// the rules, not from the machine: its own cursor, modes, text editing, number and formula
// reading, clipboard, fill, cut and undo, over a grid of five price rows under two group headers.
// Only the formula language itself (which text is a formula at all) is asked of src/formulas.

import { parseFormulaParts } from '../../src/formulas/formula-references';
import { MAX_MONEY } from '../../src/domain/pricing/price-fields';

export type RefRow = { key: string; gross: number | null; formula: string | null; non_com: number | null; markup_rate_id: number | null };
export type RefCell = { rowIndex: number; colId: string };
export type RefMode = 'ready' | 'enter' | 'edit';

/** Displayed rows: 0 and 3 are group headers; the others are price rows 0-4. */
export const DISPLAY_TO_PRICE = [-1, 0, 1, -1, 2, 3, 4];
/** The columns the cursor stands on, in display order; net is worked out. */
export const NAV = ['gross', 'non_com', 'markup_rate_id', 'net'] as const;
export const RATES = [
  { value: 1, label: '10%' },
  { value: 2, label: '20%' },
  { value: 3, label: '25%' },
];
const DATA_ROWS = DISPLAY_TO_PRICE.flatMap((price, row) => (price >= 0 ? [row] : []));

export type RefState = {
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

export function referenceGrid(rows: RefRow[]): RefState {
  const start = { rowIndex: 1, colId: 'gross' };
  return {
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

const priceOf = (cell: RefCell) => DISPLAY_TO_PRICE[cell.rowIndex];
const editableColumn = (colId: string) => colId === 'gross' || colId === 'non_com' || colId === 'markup_rate_id';
const labelOf = (id: number | null) => (id === null ? '' : (RATES.find((rate) => rate.value === id)?.label ?? `#${id}`));

/** What F2 shows in a cell. */
function content(row: RefRow, colId: string): string {
  if (colId === 'gross') return row.formula ? row.formula : row.gross === null ? '' : String(row.gross);
  if (colId === 'non_com') return row.non_com === null ? '' : String(row.non_com);
  if (colId === 'markup_rate_id') return labelOf(row.markup_rate_id);
  return '0';
}

/** What a copy writes for a cell: a formula behind '=', the worked-out net as shown (0 here). */
function sheetText(row: RefRow, colId: string): string {
  return colId === 'gross' && row.formula ? `=${row.formula}` : content(row, colId);
}

type Stored = { ok: true; row: RefRow } | { ok: false };

/** Typed or pasted text into a cell, by the grid's reading rules: numbers, formulas (gross), choices. */
function store(row: RefRow, colId: string, text: string): Stored {
  const t = text.trim();
  if (colId === 'markup_rate_id') {
    if (t === '') return { ok: true, row: { ...row, markup_rate_id: null } };
    const byLabel = RATES.find((rate) => rate.label.toLowerCase() === t.toLowerCase());
    const percent = /^(-?\d+(?:\.\d+)?)\s*%?$/.exec(t);
    const byPercent = percent ? RATES.find((rate) => Number(rate.label.slice(0, -1)) === Number(percent[1])) : undefined;
    const rate = byLabel ?? byPercent;
    return rate ? { ok: true, row: { ...row, markup_rate_id: rate.value } } : { ok: false };
  }
  if (t === '') return { ok: true, row: colId === 'gross' ? { ...row, gross: null, formula: null } : { ...row, non_com: null } };
  const rest = formulaPart(t);
  if (isNumber(rest)) {
    const value = Number(rest.replace(/ /g, ''));
    if (value > MAX_MONEY) return { ok: false };
    return { ok: true, row: colId === 'gross' ? { ...row, gross: value, formula: null } : { ...row, non_com: value } };
  }
  if (colId === 'gross' && isFormula(rest)) return { ok: true, row: { ...row, formula: rest } };
  return { ok: false };
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

function down(row: number, steps: number): number {
  const at = DATA_ROWS.indexOf(row);
  return DATA_ROWS[Math.max(0, Math.min(DATA_ROWS.length - 1, at + steps))];
}
const column = (colId: string) => NAV.indexOf(colId as (typeof NAV)[number]);
const cellAt = (rowIndex: number, col: number): RefCell => ({ rowIndex, colId: NAV[Math.max(0, Math.min(NAV.length - 1, col))] });

function motion(cell: RefCell, key: string): RefCell {
  switch (key) {
    case 'ArrowUp':
      return { ...cell, rowIndex: down(cell.rowIndex, -1) };
    case 'ArrowDown':
      return { ...cell, rowIndex: down(cell.rowIndex, 1) };
    case 'ArrowLeft':
      return cellAt(cell.rowIndex, column(cell.colId) - 1);
    case 'ArrowRight':
      return cellAt(cell.rowIndex, column(cell.colId) + 1);
    case 'Home':
      return cellAt(cell.rowIndex, 0);
    default:
      return cellAt(cell.rowIndex, NAV.length - 1);
  }
}

const moveTo = (state: RefState, cell: RefCell): RefState => ({ ...state, active: cell, anchor: cell, focus: cell, tabColumn: null });

/** The price rows and columns the selection covers. */
function selected(state: RefState): { rows: number[]; cols: string[] } {
  const [top, bottom] = [state.anchor.rowIndex, state.focus.rowIndex].sort((a, b) => a - b);
  const [left, right] = [column(state.anchor.colId), column(state.focus.colId)].sort((a, b) => a - b);
  const rows = DATA_ROWS.filter((row) => row >= top && row <= bottom).map((row) => DISPLAY_TO_PRICE[row]);
  return { rows, cols: NAV.slice(left, right + 1) };
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
  const price = priceOf(state.active);
  if (!editableColumn(state.active.colId) || price === undefined) return state;
  const original = content(state.rows[price], state.active.colId);
  const typed = text ?? original;
  const list = text === null && state.active.colId === 'markup_rate_id' ? RATES.findIndex((rate) => rate.label === original) : null;
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
  const price = priceOf(state.active);
  const result = store(state.rows[price], state.active.colId, state.text);
  if (!result.ok) return null;
  const rows = state.rows.map((row, index) => (index === price ? result.row : row));
  return changed(closed, rows);
}

const refused = (state: RefState): RefState => ({ ...state, mode: 'edit', list: null });

// ---- clipboard, fill, clear ----

function copy(state: RefState, cut: boolean): RefState {
  const { rows, cols } = selected(state);
  const text = rows.map((row) => cols.map((colId) => sheetText(state.rows[row], colId)).join('\t')).join('\n');
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
  const { rows: selRows, cols: selCols } = selected(state);
  const cells = block(state.clipboard);
  const cut = state.cutMark?.text === state.clipboard ? state.cutMark : null;
  const copiedFrom = !cut && state.copyMark?.text === state.clipboard ? state.copyMark.row : null;
  let rows = state.rows.map((row) => ({ ...row }));
  let errors = 0;
  const landed = new Set<string>();
  const write = (row: number, colId: string, text: string, blockRow: number) => {
    if (!editableColumn(colId)) return;
    landed.add(`${row}:${colId}`);
    const rest = formulaPart(text.trim());
    const moved = copiedFrom !== null && colId === 'gross' && isFormula(rest) ? `=${shifted(rest, row - (copiedFrom + blockRow))}` : text;
    const result = store(rows[row], colId, moved);
    if (result.ok) rows[row] = result.row;
    else errors += 1;
  };
  const focusRow = selRows[0];
  let fellOff = false;
  if (cells.length === 1 && cells[0].length === 1 && !cut && (selRows.length > 1 || selCols.filter(editableColumn).length > 1)) {
    for (const row of selRows) for (const colId of selCols) write(row, colId, cells[0][0], 0);
  } else if (cells.length > 0) {
    const width = Math.max(...cells.map((line) => line.length));
    const targets = NAV.slice(column(selCols[0]), column(selCols[0]) + width);
    if (!targets.some(editableColumn)) errors += 1;
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
    for (const row of cut.rows)
      for (const colId of cut.cols)
        if (editableColumn(colId) && !landed.has(`${row}:${colId}`)) rows[row] = (store(rows[row], colId, '') as { row: RefRow }).row;
    const followed = followCut(rows, cut, focusRow, selCols[0]);
    if (followed === null) rows = state.rows;
    else rows = followed;
  }
  return { ...changed(state, rows), cutMark: null };
}

/** References to a cut gross follow it; those to the cells it overwrote become #REF!. Null: refused. */
function followCut(rows: RefRow[], cut: { rows: number[]; cols: string[] }, focusRow: number, focusCol: string): RefRow[] | null {
  if (!cut.cols.includes('gross')) return rows;
  const landsOn = NAV[column(focusCol) + cut.cols.indexOf('gross')];
  const refs = (formula: string | null) => [...(formula ?? '').matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
  const named = (row: number) => rows.some((candidate) => parseFormulaParts(candidate.formula ?? '') !== undefined && refs(candidate.formula).includes(row));
  if (landsOn !== 'gross') return cut.rows.some(named) ? null : rows;
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
  const { rows: selRows, cols: selCols } = selected(state);
  const rows = state.rows.map((row) => ({ ...row }));
  const copyInto = (from: number, fromCol: string, to: number, toCol: string) => {
    if (!editableColumn(toCol)) return;
    if (!editableColumn(fromCol)) return;
    const text = sheetText(rows[from], fromCol);
    const rest = text.startsWith('=') ? text.slice(1) : text;
    const moved = fromCol === 'gross' && rows[from].formula ? `=${shifted(rest, to - from)}` : text;
    const result = store(rows[to], toCol, moved);
    if (result.ok) rows[to] = result.row;
  };
  if (direction === 'down') {
    const source = selRows.length > 1 ? selRows[0] : selRows[0] - 1;
    if (source >= 0) for (const colId of selCols) for (const row of selRows.filter((candidate) => candidate > source)) copyInto(source, colId, row, colId);
  } else {
    const sourceCol = selCols.length > 1 ? selCols[0] : column(selCols[0]) === 0 ? '#' : NAV[column(selCols[0]) - 1];
    const targets = selCols.length > 1 ? selCols.slice(1) : selCols;
    for (const row of selRows) for (const colId of targets) copyInto(row, sourceCol, row, colId);
  }
  return changed(state, rows);
}

function clear(state: RefState): RefState {
  const { rows: selRows, cols } = selected(state);
  const rows = state.rows.map((row, index) =>
    selRows.includes(index) ? cols.filter(editableColumn).reduce((cleared, colId) => (store(cleared, colId, '') as { row: RefRow }).row, row) : row,
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
  const { key } = step;
  return state.mode === 'ready' ? ready(state, key) : typing(state, key);
}

function ready(state: RefState, key: string): RefState {
  if (key.length === 1) return open(state, 'enter', key);
  if (ARROWS.includes(key) || key === 'Home' || key === 'End') return moveTo(state, motion(state.active, key));
  if (key.startsWith('Shift+Arrow')) return { ...state, focus: motion(state.focus, key.slice(6)), tabColumn: null };
  switch (key) {
    case 'Enter':
    case 'F2':
      return open(state, 'edit', null);
    case 'Alt+ArrowDown':
      return state.active.colId === 'markup_rate_id' ? open(state, 'edit', null) : state;
    case 'Shift+Enter':
      return moveTo(state, motion(state.active, 'ArrowUp'));
    case 'Backspace':
      return open(state, 'enter', '');
    case 'Tab':
    case 'Shift+Tab': {
      const target = column(state.active.colId) + (key === 'Tab' ? 1 : -1);
      if (target < 0 || target >= NAV.length) return state;
      return { ...moveTo(state, cellAt(state.active.rowIndex, target)), tabColumn: state.tabColumn ?? state.active.colId };
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
        return moveTo(next, { rowIndex: down(state.active.rowIndex, up ? -1 : 1), colId });
      });
    case 'Tab':
    case 'Shift+Tab':
      return storeThen((next) => {
        const target = column(state.active.colId) + (key === 'Tab' ? 1 : -1);
        if (target < 0 || target >= NAV.length) return moveTo(next, state.active);
        return { ...moveTo(next, cellAt(state.active.rowIndex, target)), tabColumn: state.tabColumn ?? state.active.colId };
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
    if (ARROWS.includes(key)) return storeThen((next) => moveTo(next, motion(state.active, key)));
    if (key.startsWith('Shift+Arrow')) return storeThen((next) => ({ ...next, focus: motion(state.focus, key.slice(6)), tabColumn: null }));
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
  if ((key === 'ArrowUp' || key === 'ArrowDown') && state.list !== null) {
    const list = Math.max(0, Math.min(RATES.length - 1, state.list + (key === 'ArrowUp' ? -1 : 1)));
    const text = RATES[list].label;
    return { ...state, list, text, caret: text.length, textAnchor: text.length };
  }
  return state;
}
