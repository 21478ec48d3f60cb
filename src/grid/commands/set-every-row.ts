import { applyChanges, changeOf, type CellChange } from './cell-change';
import type { GridRow } from './grid-row';

export type SetEveryRowResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Rows whose value changed. */
  count: number;
};

/** Writes one value into one field of every row; rows that already hold it are not changed. */
export function setEveryRow<R extends GridRow>(rows: readonly R[], colId: string, value: unknown): SetEveryRowResult<R> {
  const changes = rows.map((row) => changeOf(row, colId, value)).filter((change): change is CellChange => change !== null);
  return { rows: applyChanges(rows, changes), changes, count: changes.length };
}
