import { followRowMapping } from './follow-row-mapping';

/** Where a block of `count` rows at `from` ends up when moved by `delta`, kept inside the grid. */
export function moveTarget(rowCount: number, from: number, count: number, delta: number): number {
  return Math.max(0, Math.min(rowCount - count, from + delta));
}

/**
 * The rows with the block of `count` rows at `from` moved so that its first row is at `to`
 * (counted after the move). Every reference follows the row it points at, wherever that row
 * went; references past the last row are left alone.
 */
export function moveRows<R extends { readonly formula?: string | null }>(rows: readonly R[], from: number, count: number, to: number): R[] {
  if (!Number.isInteger(from) || !Number.isInteger(count) || count < 0 || from < 0 || from + count > rows.length)
    throw new RangeError(`Cannot move rows ${from} to ${from + count - 1}`);
  if (!Number.isInteger(to) || to < 0 || to > rows.length - count) throw new RangeError(`Cannot move rows to ${to}`);
  if (count === 0 || to === from) return [...rows];
  const order = rows.map((_, index) => index);
  const block = order.splice(from, count);
  order.splice(to, 0, ...block);
  const newIndex = new Map(order.map((old, index) => [old, index]));
  const mapping = (old: number) => newIndex.get(old) ?? old;
  return order.map((old) => followRowMapping(rows[old], mapping));
}
