import type { CellChange } from './cell-change';
import type { CellError } from './cell-error';
import { cellSheetText } from './cell-input-text';
import { isCellEditable, type GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { formulaTextOf, isFormulaText } from './is-formula-text';
import { shiftFormulaRefs } from './shift-formula-refs';
import { textToCellChanges } from './text-to-cell-changes';

export type FillResult = {
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells that could not take the copied content (a formula filled into Non-com); the rest are filled. */
  errors: CellError[];
};

/**
 * A cell's content copied into another as pasting its text there would store it, its `[n]`
 * references moved by the rows between the two (`rowOffset`), as Excel moves a relative reference.
 */
export function copyCellInto(source: GridRow, sourceColumn: GridColumn, target: GridRow, targetColumn: GridColumn, rowOffset: number) {
  const text = cellSheetText(source, sourceColumn);
  const moved = sourceColumn.type === 'formula-number' && isFormulaText(text) ? `=${shiftFormulaRefs(formulaTextOf(text), rowOffset)}` : text;
  return textToCellChanges(target, targetColumn, moved);
}

/**
 * Ctrl+D: the top cell of each selected column copied into the cells below it in the selection;
 * a selection of one row copies from the row above it, as in Excel. Formulas move their references
 * with each row (`[3]+50` filled from row 4 to row 5 reads `[4]+50`). Only cells that take input
 * are filled; computed columns are left alone even when selected.
 */
export function fillDown(rows: readonly GridRow[], selection: GridSelection, columns: readonly GridColumn[]): FillResult {
  const span = selectionRowSpan(selection, rows.length);
  if (!span) return { changes: [], errors: [] };
  const sourceIndex = span.last > span.first ? span.first : span.first - 1;
  const result: FillResult = { changes: [], errors: [] };
  if (sourceIndex < 0) return result;
  for (const column of columns.filter((candidate) => candidate.editable && selection.colIds.includes(candidate.colId))) {
    for (let rowIndex = sourceIndex + 1; rowIndex <= span.last; rowIndex += 1) {
      fillCell(result, rows, { row: sourceIndex, column }, { row: rowIndex, column });
    }
  }
  return result;
}

/**
 * Ctrl+R: the leftmost cell of each selected row copied into the cells to its right in the
 * selection; a selection of one column copies from the column to its left, as in Excel. A worked
 * out cell (net, subtotal) is no source: its cells are refused, naming it.
 */
export function fillRight(rows: readonly GridRow[], selection: GridSelection, columns: readonly GridColumn[]): FillResult {
  const span = selectionRowSpan(selection, rows.length);
  const selected = columns.filter((column) => selection.colIds.includes(column.colId));
  const result: FillResult = { changes: [], errors: [] };
  if (!span || selected.length === 0) return result;
  const sourceColumn = selected.length > 1 ? selected[0] : columns[columns.indexOf(selected[0]) - 1];
  const targets = (selected.length > 1 ? selected.slice(1) : selected).filter((column) => column.editable);
  if (!sourceColumn) return result;
  for (let rowIndex = span.first; rowIndex <= span.last; rowIndex += 1) {
    for (const column of targets) fillCell(result, rows, { row: rowIndex, column: sourceColumn }, { row: rowIndex, column });
  }
  return result;
}

type At = { row: number; column: GridColumn };

function fillCell(result: FillResult, rows: readonly GridRow[], from: At, to: At): void {
  const target = rows[to.row];
  if (!isCellEditable(to.column, target)) return;
  if (!from.column.editable) {
    result.errors.push({
      rowIndex: to.row,
      colId: to.column.colId,
      message: 'The cell to copy from is worked out, not typed: select the cells to copy from and to',
    });
    return;
  }
  const copied = copyCellInto(rows[from.row], from.column, target, to.column, to.row - from.row);
  if (copied.ok) result.changes.push(...copied.changes);
  else result.errors.push({ rowIndex: to.row, colId: to.column.colId, message: copied.message });
}
