import { isPriceSnapshot, type PriceChange, type PriceRowKind } from '../../domain/pricing/price-history';
import type { PriceRow } from '../price-row';
import { changeOf, type CellChange } from './cell-change';

/** Why a change of a change set could not be put back into the grid, by row. */
export type RestoreSkip = { rowId: number; reason: string };

/**
 * Roll back (issue 22): the grid changes that put a change set's before values back, for one
 * model.edit (one undo step, unsaved, saved with the usual three-click save and 409 rules).
 * Rows of the grid's `kind` are found by stored id. A row the change set added has no before to go back to, and a
 * row removed since (or by the change set) has no cells: both are listed, not guessed at.
 */
export function restoredChanges(
  changes: readonly PriceChange[],
  rows: readonly PriceRow[],
  kind: PriceRowKind = 'price',
): { changes: CellChange[]; skipped: RestoreSkip[] } {
  const byId = new Map(rows.flatMap((row) => (row.id === undefined ? [] : [[row.id, row] as const])));
  const cells: (CellChange | null)[] = [];
  const skipped: RestoreSkip[] = [];
  for (const change of changes) {
    if (change.kind !== kind) continue;
    const row = byId.get(change.row_id);
    if (change.before === null) {
      skipped.push({ rowId: change.row_id, reason: 'added by this change; delete the row to undo it' });
      continue;
    }
    if (!row) {
      skipped.push({ rowId: change.row_id, reason: 'no longer in the season; add it again by hand' });
      continue;
    }
    const { before } = change;
    if (!isPriceSnapshot(before)) {
      // A reduction's amounts; its cost is the reductions grid's `reduction_cost` column.
      cells.push(changeOf(row, 'percent', before.percent), changeOf(row, 'reduction_cost', before.cost));
      continue;
    }
    if (before.formula === null) cells.push(changeOf(row, 'gross', before.gross), changeOf(row, 'formula', null));
    else cells.push(changeOf(row, 'formula', before.formula));
    cells.push(
      changeOf(row, 'non_com', before.non_com),
      changeOf(row, 'adjustment', before.adjustment),
      changeOf(row, 'markup_rate_id', before.markup_rate_id),
    );
  }
  return { changes: cells.filter((cell): cell is CellChange => cell !== null), skipped };
}
