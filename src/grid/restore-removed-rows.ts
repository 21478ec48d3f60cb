import type { PriceGridModel } from './price-grid-model';
import type { PriceRow } from './price-row';

/** A row staged for deletion on Save, where it stood, and whether a Copy From Replace removed it. */
export type RemovedRow<R extends PriceRow> = { row: R; index: number; replaced?: boolean };

/**
 * After a failed save (one transaction, so nothing was deleted), puts the staged removals back
 * where they were, latest first, each as an undoable step that also carries the list of removals;
 * those a Copy From Replace removed stay removed (their copies stand in their place). Returns the
 * removals still staged. The tabs whose rows are not grouped (bikes, reductions) share it.
 */
export function restoreRemovedRows<R extends PriceRow>(model: PriceGridModel<R>, removed: readonly RemovedRow<R>[]): RemovedRow<R>[] {
  let current = [...removed];
  for (const entry of [...removed].reverse()) {
    if (entry.replaced) continue;
    const next = current.filter((other) => other !== entry);
    model.insertRows(Math.min(entry.index, model.rows.length), [entry.row], { before: current, after: next });
    current = next;
  }
  return current;
}
