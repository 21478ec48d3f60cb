import { followRowMapping } from './follow-row-mapping';

/**
 * The rows with `inserted` placed before row `at` (rows.length appends). References to rows at or
 * after `at` move down with their rows; the inserted rows' own `[n]` are read as numbered after
 * the insert, as when they are typed there.
 */
export function insertRows<R extends { readonly formula?: string | null }>(rows: readonly R[], at: number, inserted: readonly R[]): R[] {
  if (!Number.isInteger(at) || at < 0 || at > rows.length) throw new RangeError(`Cannot insert at row ${at}`);
  const count = inserted.length;
  const moved = rows.map((row) => followRowMapping(row, (old) => (old >= at ? old + count : old)));
  return [...moved.slice(0, at), ...inserted, ...moved.slice(at)];
}
