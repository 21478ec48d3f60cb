import { applyChanges, changeOf, type CellChange } from './cell-change';
import type { CellError } from './cell-error';
import { DEFAULT_FORMULA_FIELD } from './grid-column';
import type { GridRow } from './grid-row';
import { hasFormula } from './is-formula-text';
import { normaliseNumberText } from './normalise-number-text';

/** The columns SPEC.md's Find & Replace bar offers. */
export type FindReplaceColumn = 'gross' | 'non_com' | 'adjustment';

export type FindReplaceOptions = {
  find: string;
  replace: string;
  columns: readonly FindReplaceColumn[];
  /** Only cells whose whole value matches; otherwise any occurrence within the cell's text. */
  matchWholeCell?: boolean;
};

export type FindReplaceResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells changed. */
  count: number;
  /** Rows whose gross matched but holds a formula, so was left alone (SPEC.md section 5). */
  skippedFormulaRows: number;
  /** Matched cells the replacement would have made into something other than a number. */
  errors: CellError[];
  /** Why nothing was searched, as the bar shows it beside the Find field; null when it ran. */
  error: string | null;
};

/**
 * Find & Replace over the money columns of a price screen.
 *
 * A cell matches when the text of its stored value contains the find text (or equals it with
 * `matchWholeCell`), or when both read as the same number, so '675.00' and '£675' find a gross
 * of 675 (or of '675.00', as the API returns numerics). A number match replaces the whole cell;
 * a text match replaces every occurrence within the text ('7' -> '8' turns 675 into 685). The
 * result is read back with `normaliseNumberText` and stored as a number; an empty result
 * clears the cell. Empty cells never match.
 *
 * Gross is skipped on rows with a formula (SPEC.md: the gross input is disabled while a
 * formula exists); their other columns are still replaced.
 */
export function findReplace<R extends GridRow>(rows: readonly R[], options: FindReplaceOptions): FindReplaceResult<R> {
  const find = options.find.trim();
  const nothing = (error: string): FindReplaceResult<R> => ({
    rows: rows as R[],
    changes: [],
    count: 0,
    skippedFormulaRows: 0,
    errors: [],
    error,
  });
  if (find === '') return nothing('Find is required');
  if (options.columns.length === 0) return nothing('Choose a column to search');

  const replace = options.replace.trim();
  const findNumber = normaliseNumberText(find);
  const changes: CellChange[] = [];
  const errors: CellError[] = [];
  let skippedFormulaRows = 0;

  // A column named twice is still searched once, so a formula row is counted once.
  const columns = [...new Set(options.columns)];
  rows.forEach((row, rowIndex) => {
    for (const colId of columns) {
      const replaced = replaceInCell(row[colId], find, findNumber.ok ? findNumber.value : null, replace, options.matchWholeCell ?? false);
      if (replaced === null) continue;
      if (colId === 'gross' && hasFormula(row, DEFAULT_FORMULA_FIELD)) {
        skippedFormulaRows += 1;
        continue;
      }
      if (replaced.trim() === '') {
        pushChange(changes, changeOf(row, colId, null));
        continue;
      }
      const value = normaliseNumberText(replaced);
      if (!value.ok) {
        errors.push({ rowIndex, colId, message: `Replacing gives '${replaced}': ${value.reason}` });
        continue;
      }
      // '675.00' stored by the API and 675 replaced by 675 are the same price: no change.
      if (sameNumber(row[colId], value.value)) continue;
      pushChange(changes, changeOf(row, colId, value.value));
    }
  });

  return { rows: applyChanges(rows, changes), changes, count: changes.length, skippedFormulaRows, errors, error: null };
}

/** The cell's new text, or null when the cell does not match. */
function replaceInCell(value: unknown, find: string, findNumber: number | null, replace: string, whole: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (findNumber !== null && sameNumber(value, findNumber)) return replace;
  if (whole) return text === find ? replace : null;
  return text.includes(find) ? text.split(find).join(replace) : null;
}

function sameNumber(value: unknown, number: number): boolean {
  if (typeof value === 'number') return value === number;
  if (typeof value !== 'string') return false;
  const parsed = normaliseNumberText(value);
  return parsed.ok && parsed.value === number;
}

function pushChange(changes: CellChange[], change: CellChange | null): void {
  if (change) changes.push(change);
}
