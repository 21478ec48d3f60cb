import { DELETED_REFERENCE as DELETED, mapFormulaReferences } from './formula-references';

/**
 * Keeps a formula pointing at the same rows when the block of `oldCount` rows at `start` is
 * replaced by `newCount` rows (a group's prices saved on their own, or a group deleted with
 * newCount 0): later rows shift, rows of the block that no longer exist become a deleted
 * reference (an error staff must fix, never a silent 0).
 */
export function resizeReferences(formula: string, start: number, oldCount: number, newCount: number): string {
  const end = start + oldCount;
  const moved = (row: number) => (row < end ? row : row + newCount - oldCount);
  const kept = (row: number) => row < start || row >= end || row - start < newCount;
  return mapFormulaReferences(
    formula,
    (row) => (kept(row) ? `[${moved(row)}]` : DELETED),
    // A range shrinks to the rows it still covers, as a spreadsheet's does; gone entirely, it is deleted.
    (from, to) => {
      const low = Math.min(from, to);
      const high = Math.max(from, to);
      const first = kept(low) ? moved(low) : start + newCount;
      const last = kept(high) ? moved(high) : start + newCount - 1;
      return first > last ? DELETED : `[${first}]:[${last}]`;
    },
  );
}
