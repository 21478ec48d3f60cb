import { isPriceSnapshot, type PriceChange, type PriceRowKind, type RowSnapshot } from '../../domain/pricing/price-history';
import type { FoundCellRef } from '../price-grid-model';
import type { PriceRow } from '../price-row';

/** The grid column that shows each field a snapshot keeps: a formula is shown in the gross cell, a reduction's cost in its own column. */
const PRICE_COLUMNS: Record<string, string> = {
  gross: 'gross',
  formula: 'gross',
  non_com: 'non_com',
  markup_rate_id: 'markup_rate_id',
  adjustment: 'adjustment',
  net: 'net',
  cost: 'cost',
};
const REDUCTION_COLUMNS: Record<string, string> = { percent: 'percent', cost: 'reduction_cost' };

const valueOf = (snapshot: RowSnapshot, field: string): unknown => (snapshot as Record<string, unknown>)[field];

/**
 * The cells of the grid that a change set changed (issue 29, "Show their changes"): for each
 * change of the grid's `kind` whose row the grid holds (found by stored id), each column whose
 * value differs between before and after. A row the set added or removed has no cells to name.
 */
export function changedCells(changes: readonly PriceChange[], rows: readonly PriceRow[], kind: PriceRowKind): FoundCellRef[] {
  const keyOfId = new Map(rows.flatMap((row) => (row.id === undefined ? [] : [[row.id, row.key] as const])));
  const cells = new Map<string, FoundCellRef>();
  for (const change of changes) {
    const rowKey = keyOfId.get(change.row_id);
    if (change.kind !== kind || rowKey === undefined || change.before === null || change.after === null) continue;
    const columns = isPriceSnapshot(change.after) ? PRICE_COLUMNS : REDUCTION_COLUMNS;
    for (const [field, colId] of Object.entries(columns)) {
      if (valueOf(change.before, field) !== valueOf(change.after, field)) cells.set(`${rowKey} ${colId}`, { rowKey, colId });
    }
  }
  return [...cells.values()];
}
