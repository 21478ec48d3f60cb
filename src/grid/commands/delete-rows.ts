import { followRowMapping } from './follow-row-mapping';

/**
 * The rows without those at `indexes` (any rows, in any order; repeats and rows that do not
 * exist are ignored). References to a deleted row become `#REF!`; references to later rows move
 * up with them.
 */
export function deleteRows<R extends { readonly formula?: string | null }>(rows: readonly R[], indexes: readonly number[]): R[] {
  const gone = new Set(indexes.filter((index) => Number.isInteger(index) && index >= 0 && index < rows.length));
  if (gone.size === 0) return [...rows];
  const sorted = [...gone].sort((a, b) => a - b);
  const mapping = (old: number) => {
    if (gone.has(old)) return undefined;
    const before = sorted.findIndex((index) => index > old);
    return old - (before < 0 ? sorted.length : before);
  };
  return rows.flatMap((row, index) => (gone.has(index) ? [] : [followRowMapping(row, mapping)]));
}
