import type { CellChange } from './cell-change';
import { isCellEditable, type GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { textToCellChanges } from './text-to-cell-changes';

/**
 * Delete: empties every editable cell of the selection, as typing an empty text into each would
 * (a gross loses its formula too). Computed and unselected columns are left alone. One batch.
 */
export function clearCells(rows: readonly GridRow[], selection: GridSelection, columns: readonly GridColumn[]): CellChange[] {
  const span = selectionRowSpan(selection, rows.length);
  if (!span) return [];
  const cleared = columns.filter((column) => column.editable && selection.colIds.includes(column.colId));
  const changes: CellChange[] = [];
  for (let index = span.first; index <= span.last; index += 1) {
    for (const column of cleared) {
      if (!isCellEditable(column, rows[index])) continue;
      const result = textToCellChanges(rows[index], column, '');
      if (result.ok) changes.push(...result.changes);
    }
  }
  return changes;
}
