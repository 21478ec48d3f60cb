import type { ImportPreview } from '../../formulas/price-sheet-import';
import { remapFormulaReferences } from '../../formulas/formula-references';
import type { PriceRow } from '../price-row';
import { changeOf, type CellChange } from './cell-change';

/**
 * The grid changes an accepted import preview makes (issue 21), for one model.edit: one undo
 * step, unsaved. Cells are found by the row's stored id, so rows moved in the grid since it
 * loaded still get their own cells; a row deleted since has no cells to change. An imported
 * formula counts rows as the season the preview read (`previewPriceIds[n]` is its row n), and is
 * pointed at the rows of those prices in the grid now.
 */
export function importedSheetChanges(preview: ImportPreview, rows: readonly PriceRow[], previewPriceIds: readonly number[]): CellChange[] {
  const indexOfId = new Map(rows.flatMap((row, index) => (row.id === undefined ? [] : [[row.id, index] as const])));
  const changes: (CellChange | null)[] = [];
  for (const change of preview.changes) {
    const index = indexOfId.get(change.priceId);
    if (index === undefined) continue;
    const row = rows[index];
    if (change.field === 'gross') {
      const { formula, gross } = change.value;
      if (formula === null) changes.push(changeOf(row, 'gross', gross), changeOf(row, 'formula', null));
      else
        changes.push(
          changeOf(
            row,
            'formula',
            remapFormulaReferences(formula, (old) => indexOfId.get(previewPriceIds[old])),
          ),
        );
    } else if (change.field === 'commission') changes.push(changeOf(row, 'markup_rate_id', change.value));
    else changes.push(changeOf(row, change.field, change.value));
  }
  return changes.filter((change): change is CellChange => change !== null);
}
