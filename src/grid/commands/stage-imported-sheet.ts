import type { ImportChoice, ImportPreview } from '../../formulas/price-sheet-import';
import { remapFormulaReferences } from '../../formulas/formula-references';
import type { PriceRow } from '../price-row';
import { applyChanges, changeOf, type CellChange } from './cell-change';
import { deleteRows } from './delete-rows';

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

/** Where an added row goes: before row `at` of the grid as it is now (rows.length: at the end), and the row itself. */
export type PlacedRow<R> = { at: number; row: R };

/**
 * The grid's rows after an accepted import that adds rows (issue 21), for one row operation: one
 * undo step, unsaved. Each added row goes where `place` puts it (the screen: at the end of its
 * group), rows placed at the same row in sheet order; the rows below move down, their `[n]`
 * following as an insert moves them. Then the changed cells are written and the added rows get
 * their gross, imported formulas pointed at the rows of their prices. A row `place` cannot put
 * anywhere (its group deleted since the grid loaded) is left out and counted in `dropped`.
 * Last, the rows of the stored ids in `remove` (the rows the sheet no longer has, when the clerk
 * chose to remove them) go as a grid delete takes them, references to them becoming #REF!;
 * `removedAt` are their indexes in `rows`, ascending. An id no row has (deleted since) is skipped.
 */
export function stageImportedRows<R extends PriceRow>(
  preview: ImportPreview,
  rows: readonly R[],
  previewPriceIds: readonly number[],
  place: (added: ImportPreview['added'][number]) => PlacedRow<R> | undefined,
  remove: readonly number[] = [],
): { rows: R[]; added: number; dropped: number; removedAt: number[] } {
  const placed = preview.added
    .flatMap((added) => {
      const where = place(added);
      return where === undefined ? [] : [{ added, ...where }];
    })
    // A stable sort: rows placed at the same row stay in sheet order.
    .sort((a, b) => a.at - b.at);
  // Old row i moves down by the rows placed at or above it; a reference past the last row stays as typed.
  const shift = (old: number) => (old >= rows.length ? undefined : old + placed.filter((entry) => entry.at <= old).length);
  const next: R[] = [];
  let p = 0;
  for (let old = 0; old <= rows.length; old++) {
    for (; p < placed.length && placed[p].at === old; p++) next.push(placed[p].row);
    if (old === rows.length) break;
    const row = rows[old];
    next.push(row.formula ? { ...row, formula: remapFormulaReferences(row.formula, shift) } : row);
  }
  const indexOfId = new Map(next.flatMap((row, index) => (row.id === undefined ? [] : [[row.id, index] as const])));
  const added = new Map(placed.map(({ added, row }) => [row.key, added.gross]));
  const staged = next.map((row) => {
    const gross = added.get(row.key);
    if (gross === undefined) return row;
    if (gross.formula === null) return { ...row, formula: null, gross: gross.gross ?? 0 };
    return { ...row, formula: remapFormulaReferences(gross.formula, (old) => indexOfId.get(previewPriceIds[old])) };
  });
  const removing = new Set(remove);
  const removedAt = rows.flatMap((row, index) => (row.id !== undefined && removing.has(row.id) ? [index] : []));
  const changed = applyChanges(staged, importedSheetChanges(preview, staged, previewPriceIds));
  return {
    rows: deleteRows(
      changed,
      removedAt.map((index) => shift(index) as number),
    ),
    added: placed.length,
    dropped: preview.added.length - placed.length,
    removedAt,
  };
}

/** The stored ids of the rows an accepted import removes: the rows the sheet no longer has, if the clerk chose so. */
export const idsToRemove = (preview: ImportPreview, { removeMissing }: ImportChoice): number[] =>
  removeMissing ? preview.missing.map((row) => row.priceId) : [];

/** What an accepted import staged, for its message: 'Imported 2 changed cell(s), 1 added row(s) and 1 removed row(s)'. */
export function importedCounts(preview: ImportPreview, staged: { added: number; removedAt: readonly number[] }): string {
  const counts = [`${preview.changes.length} changed cell(s)`, `${staged.added} added row(s)`];
  if (staged.removedAt.length > 0) counts.push(`${staged.removedAt.length} removed row(s)`);
  return `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}`;
}
