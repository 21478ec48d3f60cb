import { mapFormulaReferences } from './formula-references';

const DELETED = '#REF!';

/**
 * Keeps a formula pointing at the same rows when the block of `oldCount` rows at `start` is
 * replaced by `newCount` rows (a group's prices saved on their own, or a group deleted with
 * newCount 0): later rows shift, rows of the block that no longer exist become a deleted
 * reference (an error staff must fix, never a silent 0).
 */
export function resizeReferences(formula: string, start: number, oldCount: number, newCount: number): string {
  return mapFormulaReferences(formula, (row) => {
    if (row < start) return `[${row}]`;
    if (row < start + oldCount) return row - start < newCount ? `[${row}]` : DELETED;
    return `[${row + newCount - oldCount}]`;
  });
}
