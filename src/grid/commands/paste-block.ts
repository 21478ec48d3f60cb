import { DELETED_REFERENCE, mapFormulaReferences } from '../../formulas/formula-references';
import { applyChanges, changeOf, type CellChange } from './cell-change';
import type { CellError } from './cell-error';
import { formulaFieldOf, isCellEditable, type GridColumn } from './grid-column';
import { rowKeyOf, type GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { formulaTextOf, isFormulaText } from './is-formula-text';
import { shiftFormulaRefs } from './shift-formula-refs';
import { textToCellChanges } from './text-to-cell-changes';

/** The focused cell: the top-left corner of a paste. */
export type GridFocus = { rowIndex: number; colId: string };

/**
 * Cells cut with Ctrl+X, by row key (rows may move before the paste) and column id. The paste
 * that lands them clears those it did not overwrite, in its own batch, so one undo takes the
 * whole move back.
 */
export type GridCut = { rowKeys: readonly string[]; colIds: readonly string[] };

export type PasteOptions = {
  /** The selection: a single copied cell fills every cell of it. */
  selection?: GridSelection;
  /**
   * The cells of the Ctrl+X whose text this is: they move. The cut cells the paste does not land
   * on are cleared, and references to a cut gross follow it to where it lands, as in Excel.
   */
  cut?: GridCut;
  /**
   * The price row the block's first row was copied from, when it was copied from this grid: the
   * `[n]` references of pasted formulas move by the rows between, as Excel's relative references
   * do (`[3]*1.1` copied from row 5 to row 12 reads `[10]*1.1`). Text from elsewhere is pasted as it is.
   */
  copiedFrom?: number;
};

/** A Ctrl+X or Ctrl+C of this grid, remembered until its paste: the text it put on the clipboard. */
export type ClipboardMarks = { cut: (GridCut & { text: string }) | null; copy: { text: string; rowKey: string } | null };

/**
 * What a paste of `text` moves: the cut cells when it is the text of the marked cut; else, when it
 * is the text this grid copied, the row its formulas came from. Text from elsewhere moves nothing.
 */
export function pasteOptionsFor(text: string, marks: ClipboardMarks, indexOf: (rowKey: string) => number): Pick<PasteOptions, 'cut' | 'copiedFrom'> {
  if (marks.cut?.text === text) return { cut: marks.cut };
  const copiedFrom = marks.copy?.text === text ? indexOf(marks.copy.rowKey) : -1;
  return copiedFrom >= 0 ? { copiedFrom } : {};
}

export type PasteBlockResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells whose text could not be stored; every other cell of the block is still pasted. */
  errors: CellError[];
  /** How many block rows fell below the last row and block columns beyond the last column. */
  cut: { rows: number; columns: number };
  /** Whether the cut cells were cleared: not when part of the paste was refused or fell off the grid, so nothing is lost. */
  clearedCut: boolean;
};

/**
 * Pastes a block of cell texts (from `parseClipboardBlock`) with its top-left at the focused
 * cell, the way a spreadsheet does: block column c lands on the c-th displayed column right of
 * the focus, so a row copied from a sheet laid out like the grid (or from the grid itself)
 * lands column for column. Read-only columns (`#`, net, subtotal, cost, profit) count as
 * columns: the values falling on them are skipped, never slid into the next editable column
 * (that once put a copied net into Adjustment). Besides:
 * - rows are never invented: a block taller than the rows left is cut, and `cut` says how much,
 *   because price rows belong to groups and are added deliberately;
 * - a single copied cell pasted onto a selection of several cells fills every editable cell of
 *   the selection (larger blocks, and a cut, ignore the selection and paste from the focus);
 * - see PasteOptions for what a cut moves and how copied formulas move their references.
 * Values are read per column type by `textToCellChanges`. Input rows are never mutated.
 */
export function pasteBlock<R extends GridRow>(
  rows: readonly R[],
  columns: readonly GridColumn[],
  focus: GridFocus,
  block: readonly (readonly string[])[],
  options: PasteOptions = {},
): PasteBlockResult<R> {
  const { selection, cut: cutCells, copiedFrom } = options;
  const changes: CellChange[] = [];
  const errors: CellError[] = [];
  const landed = new Set<string>();
  const write = (rowIndex: number, column: GridColumn, text: string, blockRow: number): void => {
    const row = rows[rowIndex];
    if (!isCellEditable(column, row)) return;
    landed.add(cellKey(rowKeyOf(row), column.colId));
    const moved =
      copiedFrom !== undefined && column.type === 'formula-number' && isFormulaText(text)
        ? `=${shiftFormulaRefs(formulaTextOf(text), rowIndex - (copiedFrom + blockRow))}`
        : text;
    const result = textToCellChanges(row, column, moved);
    if (result.ok) changes.push(...result.changes);
    else errors.push({ rowIndex, colId: column.colId, message: result.message });
  };
  const finish = (cut: { rows: number; columns: number }): PasteBlockResult<R> => {
    // A cut moves only when all of it landed: cells refused, or fallen past the grid's edge, stay put.
    const clearedCut = cutCells !== undefined && errors.length === 0 && landed.size > 0 && cut.rows === 0 && cut.columns === 0;
    if (clearedCut) {
      changes.push(...clearCut(rows, columns, cutCells, landed));
      const followed = followCutReferences(applyChanges(rows, changes), columns, cutCells, focus, block);
      if (!followed.ok) return { rows: rows as R[], changes: [], errors: [followed.error], cut, clearedCut: false };
      changes.push(...followed.changes);
    }
    return { rows: applyChanges(rows, changes), changes, errors, cut, clearedCut };
  };

  if (block.length === 0) return finish({ rows: 0, columns: 0 });

  const single = block.length === 1 && block[0].length === 1;
  if (single && selection && !cutCells) {
    const span = selectionRowSpan(selection, rows.length);
    const selected = columns.filter((column) => column.editable && selection.colIds.includes(column.colId));
    if (span && (span.last > span.first || selected.length > 1)) {
      for (let rowIndex = span.first; rowIndex <= span.last; rowIndex += 1) {
        for (const column of selected) write(rowIndex, column, block[0][0], 0);
      }
      return finish({ rows: 0, columns: 0 });
    }
  }

  const width = Math.max(...block.map((blockRow) => blockRow.length));
  const targets = blockTargets(columns, focus, width);
  if (!targets.some((column) => column.editable)) {
    errors.push({ rowIndex: focus.rowIndex, colId: focus.colId, message: 'Nothing here can be pasted into' });
    return finish({ rows: 0, columns: width });
  }

  const firstRow = Math.max(0, focus.rowIndex);
  let cutRows = 0;
  for (let b = 0; b < block.length; b += 1) {
    const rowIndex = firstRow + b;
    if (rowIndex >= rows.length) {
      cutRows = block.length - b;
      break;
    }
    block[b].forEach((text, c) => {
      const column = targets[c];
      if (column?.editable) write(rowIndex, column, text, b);
    });
  }
  return finish({ rows: cutRows, columns: width - targets.length });
}

const cellKey = (rowKey: string, colId: string) => `${rowKey}\u0000${colId}`;

/** The columns a block `width` cells wide lands on from the focus, in display order. */
function blockTargets(columns: readonly GridColumn[], focus: GridFocus, width: number): GridColumn[] {
  const focusIndex = columns.findIndex((column) => column.colId === focus.colId);
  return focusIndex < 0 ? [] : columns.slice(focusIndex, focusIndex + width);
}

/** The changes that empty the editable cut cells the paste did not land on. */
function clearCut(rows: readonly GridRow[], columns: readonly GridColumn[], cutCells: GridCut, landed: ReadonlySet<string>): CellChange[] {
  const cleared: CellChange[] = [];
  const rowKeys = new Set(cutCells.rowKeys);
  for (const row of rows) {
    const rowKey = rowKeyOf(row);
    if (!rowKeys.has(rowKey)) continue;
    for (const column of columns) {
      if (!isCellEditable(column, row) || !cutCells.colIds.includes(column.colId) || landed.has(cellKey(rowKey, column.colId))) continue;
      const result = textToCellChanges(row, column, '');
      if (result.ok) cleared.push(...result.changes);
    }
  }
  return cleared;
}

type Followed = { ok: true; changes: CellChange[] } | { ok: false; error: CellError };

/**
 * After a cut gross lands: every formula of the grid (the moved ones too) that named a cut row
 * names the row it moved to, and one that named a row the paste wrote over gets `#REF!`, as in
 * Excel, so that no formula silently reads an empty cell or another price. A range follows only
 * when both its ends moved. A cut gross pasted into another column has no `[n]` to be named by:
 * when formulas name it, the paste is refused.
 */
function followCutReferences(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  cutCells: GridCut,
  focus: GridFocus,
  block: readonly (readonly string[])[],
): Followed {
  const gross = columns.find((column) => column.type === 'formula-number');
  if (!gross || !cutCells.colIds.includes(gross.colId)) return { ok: true, changes: [] };
  const keys = new Set(cutCells.rowKeys);
  const sources = rows.flatMap((row, index) => (keys.has(rowKeyOf(row)) ? [index] : []));
  const cutColumns = columns.filter((column) => cutCells.colIds.includes(column.colId));
  const landsOn = blockTargets(columns, focus, Math.max(...block.map((blockRow) => blockRow.length)))[cutColumns.indexOf(gross)];
  const formulaField = formulaFieldOf(gross);
  const named = (row: number) => rows.some((candidate) => referencesOf(candidate[formulaField]).includes(row));
  if (landsOn?.colId !== gross.colId) {
    const source = sources.find(named);
    if (source === undefined) return { ok: true, changes: [] };
    return {
      ok: false,
      error: { rowIndex: focus.rowIndex, colId: focus.colId, message: `Formulas refer to the gross cut from row ${source}: paste it into a Gross cell` },
    };
  }
  const destination = new Map(sources.map((source, b) => [source, focus.rowIndex + b]));
  const overwritten = new Set([...destination.values()].filter((row) => row < rows.length && !destination.has(row)));
  const target = (row: number): string => {
    const moved = destination.get(row);
    if (moved !== undefined) return `[${moved}]`;
    return overwritten.has(row) ? DELETED_REFERENCE : `[${row}]`;
  };
  const changes: CellChange[] = [];
  for (const row of rows) {
    const formula = row[formulaField];
    if (typeof formula !== 'string' || formula.trim() === '') continue;
    const followed = mapFormulaReferences(formula, target, (from, to) =>
      destination.has(from) && destination.has(to) ? `${target(from)}:${target(to)}` : `[${from}]:[${to}]`,
    );
    const change = changeOf(row, formulaField, followed);
    if (change) changes.push(change);
  }
  return { ok: true, changes };
}

function referencesOf(formula: unknown): number[] {
  if (typeof formula !== 'string') return [];
  const rows: number[] = [];
  mapFormulaReferences(formula, (row) => {
    rows.push(row);
    return '';
  });
  return rows;
}
