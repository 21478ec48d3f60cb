import type { CellChange } from './cell-change';
import { formulaFieldOf, type GridColumn } from './grid-column';
import { rowKeyOf, type GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { textToCellChanges } from './text-to-cell-changes';

/** The editable cells a cut took, with what they held then (a gross with its formula). */
export type PendingCut = { cells: readonly { rowKey: string; colId: string; held: string }[] };

const heldIn = (row: GridRow, column: GridColumn) =>
  JSON.stringify(column.type === 'formula-number' ? [row[column.colId] ?? null, row[formulaFieldOf(column)] ?? null] : (row[column.colId] ?? null));

/** Ctrl+X: the selection's editable cells, to be cleared once their paste lands (as in Excel). */
export function cutCells(rows: readonly GridRow[], selection: GridSelection, columns: readonly GridColumn[]): PendingCut {
  const span = selectionRowSpan(selection, rows.length);
  if (!span) return { cells: [] };
  const taken = columns.filter((column) => column.editable && selection.colIds.includes(column.colId));
  const cells = [];
  for (let index = span.first; index <= span.last; index += 1) {
    for (const column of taken) cells.push({ rowKey: rowKeyOf(rows[index]), colId: column.colId, held: heldIn(rows[index], column) });
  }
  return { cells };
}

/**
 * After the paste of a cut: clears the cut cells that still hold what they held when cut. A cell
 * the paste wrote over (a block pasted onto itself or overlapping) keeps the pasted value, and a
 * row deleted since is skipped.
 */
export function finishCut(rows: readonly GridRow[], cut: PendingCut, columns: readonly GridColumn[]): CellChange[] {
  const byKey = new Map(rows.map((row) => [rowKeyOf(row), row]));
  const changes: CellChange[] = [];
  for (const cell of cut.cells) {
    const row = byKey.get(cell.rowKey);
    const column = columns.find((candidate) => candidate.colId === cell.colId);
    if (!row || !column || heldIn(row, column) !== cell.held) continue;
    const result = textToCellChanges(row, column, '');
    if (result.ok) changes.push(...result.changes);
  }
  return changes;
}
