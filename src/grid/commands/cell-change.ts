import { rowKeyOf, type GridRow } from './grid-row';

/**
 * One changed field of one row. `colId` is the row field written, which for the gross column
 * can be the formula field as well as `gross` itself: a paste of `[3]+50` changes `formula`.
 * Values are kept as they were so that a batch can be undone exactly.
 */
export type CellChange = {
  rowKey: string;
  colId: string;
  oldValue: unknown;
  newValue: unknown;
};

/**
 * Writes each change's `newValue` into a copy of its row. Rows that are not changed keep their
 * identity, and when nothing changes the same array comes back, so React can skip renders.
 * A change whose row is gone (deleted since) is ignored: undoing into a deleted row has no cell.
 * Later changes to the same cell win, in the order given.
 */
export function applyChanges<R extends GridRow>(rows: readonly R[], changes: readonly CellChange[]): R[] {
  if (changes.length === 0) return rows as R[];
  const byRow = new Map<string, CellChange[]>();
  for (const change of changes) {
    const list = byRow.get(change.rowKey);
    if (list) list.push(change);
    else byRow.set(change.rowKey, [change]);
  }
  let touched = false;
  const next = rows.map((row) => {
    const rowChanges = byRow.get(rowKeyOf(row));
    if (!rowChanges) return row;
    touched = true;
    const copy: Record<string, unknown> = { ...row };
    for (const change of rowChanges) copy[change.colId] = change.newValue;
    // The copy has the same fields as R with new values of the same columns.
    return copy as R;
  });
  return touched ? next : (rows as R[]);
}

/** The changes that take a batch back: swapped values, in reverse order. */
export function invertChanges(changes: readonly CellChange[]): CellChange[] {
  return changes.map((change) => ({ ...change, oldValue: change.newValue, newValue: change.oldValue })).reverse();
}

/** A change for one field, or none when the value would not change. */
export function changeOf(row: GridRow, colId: string, newValue: unknown): CellChange | null {
  const oldValue = row[colId];
  if (Object.is(oldValue, newValue)) return null;
  // An absent field and null are both an empty cell: writing null over nothing is no change.
  if (oldValue == null && newValue == null) return null;
  return { rowKey: rowKeyOf(row), colId, oldValue, newValue };
}
