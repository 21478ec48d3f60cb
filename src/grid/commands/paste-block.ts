import { applyChanges, type CellChange } from './cell-change';
import type { CellError } from './cell-error';
import type { GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { textToCellChanges } from './text-to-cell-changes';

/** The focused cell: the top-left corner of a paste. */
export type GridFocus = { rowIndex: number; colId: string };

export type PasteBlockResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells whose text could not be stored; every other cell of the block is still pasted. */
  errors: CellError[];
  /** How many block rows fell below the last row and block columns beyond the last editable one. */
  cut: { rows: number; columns: number };
};

/**
 * Pastes a block of cell texts (from `parseClipboardBlock`) with its top-left at the focused
 * cell, the way a spreadsheet does, with three differences staff expect from a price grid:
 * - block columns go to the editable columns from the focused one rightwards, in display order,
 *   so computed (read-only) columns are stepped over rather than written or counted; a focus on
 *   a read-only column starts at the next editable column;
 * - rows are never invented: a block taller than the rows left is cut, and `cut` says how much,
 *   because price rows belong to groups and are added deliberately;
 * - a single copied cell pasted onto a selection of several cells fills every editable cell of
 *   the selection (larger blocks ignore the selection and paste from the focus).
 * Values are read per column type by `textToCellChanges`. Input rows are never mutated.
 */
export function pasteBlock<R extends GridRow>(
  rows: readonly R[],
  columns: readonly GridColumn[],
  focus: GridFocus,
  block: readonly (readonly string[])[],
  selection?: GridSelection,
): PasteBlockResult<R> {
  const changes: CellChange[] = [];
  const errors: CellError[] = [];
  const write = (rowIndex: number, column: GridColumn, text: string): void => {
    const result = textToCellChanges(rows[rowIndex], column, text);
    if (result.ok) changes.push(...result.changes);
    else errors.push({ rowIndex, colId: column.colId, message: result.message });
  };
  const finish = (cut: { rows: number; columns: number }): PasteBlockResult<R> => ({
    rows: applyChanges(rows, changes),
    changes,
    errors,
    cut,
  });

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
  const targets = focusIndex < 0 ? [] : columns.slice(focusIndex).filter((column) => column.editable);
  if (targets.length === 0) {
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
      if (c < targets.length) write(rowIndex, targets[c], text);
    });
  }
  return finish({ rows: cutRows, columns: Math.max(0, width - targets.length) });
}
