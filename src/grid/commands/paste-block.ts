import { applyChanges, type CellChange } from './cell-change';
import type { CellError } from './cell-error';
import type { GridColumn } from './grid-column';
import { rowKeyOf, type GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { textToCellChanges } from './text-to-cell-changes';

/** The focused cell: the top-left corner of a paste. */
export type GridFocus = { rowIndex: number; colId: string };

/**
 * Cells cut with Ctrl+X, by row key (rows may move before the paste) and column id. The paste
 * that lands them clears those it did not overwrite, in its own batch, so one undo takes the
 * whole move back.
 */
export type GridCut = { rowKeys: readonly string[]; colIds: readonly string[] };

export type PasteBlockResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells whose text could not be stored; every other cell of the block is still pasted. */
  errors: CellError[];
  /** How many block rows fell below the last row and block columns beyond the last column. */
  cut: { rows: number; columns: number };
  /** Whether the cut cells were cleared: not when part of the paste was refused, so nothing is lost. */
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
 *   the selection (larger blocks ignore the selection and paste from the focus);
 * - with `cutCells` (the cells of a Ctrl+X whose text is being pasted), the cut cells the paste
 *   did not land on are cleared in the same batch.
 * Values are read per column type by `textToCellChanges`. Input rows are never mutated.
 */
export function pasteBlock<R extends GridRow>(
  rows: readonly R[],
  columns: readonly GridColumn[],
  focus: GridFocus,
  block: readonly (readonly string[])[],
  selection?: GridSelection,
  cutCells?: GridCut,
): PasteBlockResult<R> {
  const changes: CellChange[] = [];
  const errors: CellError[] = [];
  const landed = new Set<string>();
  const write = (rowIndex: number, column: GridColumn, text: string): void => {
    landed.add(cellKey(rowKeyOf(rows[rowIndex]), column.colId));
    const result = textToCellChanges(rows[rowIndex], column, text);
    if (result.ok) changes.push(...result.changes);
    else errors.push({ rowIndex, colId: column.colId, message: result.message });
  };
  const finish = (cut: { rows: number; columns: number }): PasteBlockResult<R> => {
    const clearedCut = cutCells !== undefined && errors.length === 0 && landed.size > 0;
    if (clearedCut) changes.push(...clearCut(rows, columns, cutCells, landed));
    return { rows: applyChanges(rows, changes), changes, errors, cut, clearedCut };
  };

  if (block.length === 0) return finish({ rows: 0, columns: 0 });

  const single = block.length === 1 && block[0].length === 1;
  if (single && selection) {
    const span = selectionRowSpan(selection, rows.length);
    const selected = columns.filter((column) => column.editable && selection.colIds.includes(column.colId));
    if (span && (span.last > span.first || selected.length > 1)) {
      for (let rowIndex = span.first; rowIndex <= span.last; rowIndex += 1) {
        for (const column of selected) write(rowIndex, column, block[0][0]);
      }
      return finish({ rows: 0, columns: 0 });
    }
  }

  const width = Math.max(...block.map((blockRow) => blockRow.length));
  const focusIndex = columns.findIndex((column) => column.colId === focus.colId);
  const targets = focusIndex < 0 ? [] : columns.slice(focusIndex, focusIndex + width);
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
      if (column?.editable) write(rowIndex, column, text);
    });
  }
  return finish({ rows: cutRows, columns: width - targets.length });
}

const cellKey = (rowKey: string, colId: string) => `${rowKey}\u0000${colId}`;

/** The changes that empty the editable cut cells the paste did not land on. */
function clearCut(rows: readonly GridRow[], columns: readonly GridColumn[], cutCells: GridCut, landed: ReadonlySet<string>): CellChange[] {
  const cleared: CellChange[] = [];
  const rowKeys = new Set(cutCells.rowKeys);
  for (const row of rows) {
    const rowKey = rowKeyOf(row);
    if (!rowKeys.has(rowKey)) continue;
    for (const column of columns) {
      if (!column.editable || !cutCells.colIds.includes(column.colId) || landed.has(cellKey(rowKey, column.colId))) continue;
      const result = textToCellChanges(row, column, '');
      if (result.ok) cleared.push(...result.changes);
    }
  }
  return cleared;
}
