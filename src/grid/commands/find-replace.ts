import { priceInputProblem } from '../../domain/pricing/price-input-rules';
import { applyChanges, changeOf, type CellChange } from './cell-change';
import type { CellError } from './cell-error';
import { DEFAULT_FORMULA_FIELD, type GridColumn } from './grid-column';
import { rowKeyOf, type GridRow } from './grid-row';
import { hasFormula } from './is-formula-text';
import { normaliseNumberText } from '../../domain/normalise-number-text';
import { textToCellChanges } from './text-to-cell-changes';

/** The columns SPEC.md's Find & Replace bar offers. */
export type FindReplaceColumn = 'gross' | 'non_com' | 'adjustment';

export type FindReplaceOptions = {
  find: string;
  replace: string;
  columns: readonly FindReplaceColumn[];
  /** Only cells whose whole value matches; otherwise any occurrence within the cell's text. */
  matchWholeCell?: boolean;
  /** Search the formula text of gross cells holding a formula (otherwise they are skipped). */
  inFormulas?: boolean;
};

/** A cell the replacement changes, for the preview's count and highlight. */
export type FoundCell = { rowIndex: number; rowKey: string; colId: FindReplaceColumn };

const GROSS_COLUMN: GridColumn = { colId: 'gross', type: 'formula-number', editable: true, rule: (value) => priceInputProblem('gross', value) };

export type FindReplaceResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
  /** Cells changed, in row order. */
  cells: FoundCell[];
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
 * result is read back with `normaliseNumberText` and stored as a number, unless a price's rules
 * refuse it (a negative gross, a third decimal: price-input-rules.ts); an empty result clears the
 * cell. Empty cells never match.
 *
 * Gross is skipped on rows with a formula (SPEC.md: the gross input is disabled while a
 * formula exists); their other columns are still replaced. With `inFormulas` their formula text
 * is searched instead (`1.05` -> `1.06` in `ROUND([0]*1.05,0)`) and the result read as if typed,
 * so a formula naming an unknown function is reported, not stored.
 */
export function findReplace<R extends GridRow>(rows: readonly R[], options: FindReplaceOptions): FindReplaceResult<R> {
  const find = options.find.trim();
  const nothing = (error: string): FindReplaceResult<R> => ({
    rows: rows as R[],
    changes: [],
    cells: [],
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
  const cells: FoundCell[] = [];
  const errors: CellError[] = [];
  let skippedFormulaRows = 0;
  const whole = options.matchWholeCell ?? false;
  const changed = (rowIndex: number, colId: FindReplaceColumn, ...found: (CellChange | null)[]) => {
    const real = found.filter((change): change is CellChange => change !== null);
    if (real.length === 0) return;
    changes.push(...real);
    cells.push({ rowIndex, rowKey: rowKeyOf(rows[rowIndex]), colId });
  };

  // A column named twice is still searched once, so a formula row is counted once.
  const columns = [...new Set(options.columns)];
  rows.forEach((row, rowIndex) => {
    for (const colId of columns) {
      if (colId === 'gross' && options.inFormulas && hasFormula(row, DEFAULT_FORMULA_FIELD)) {
        const formula = replaceInText(String(row[DEFAULT_FORMULA_FIELD]).trim(), find, replace, whole);
        if (formula === null) continue;
        const typed = textToCellChanges(row, GROSS_COLUMN, formula);
        if (typed.ok) changed(rowIndex, colId, ...typed.changes);
        else errors.push({ rowIndex, colId, message: `Replacing gives '${formula}': ${typed.message}` });
        continue;
      }
      const replaced = replaceInCell(row[colId], find, findNumber.ok ? findNumber.value : null, replace, whole);
      if (replaced === null) continue;
      if (colId === 'gross' && hasFormula(row, DEFAULT_FORMULA_FIELD)) {
        skippedFormulaRows += 1;
        continue;
      }
      if (replaced.trim() === '') {
        changed(rowIndex, colId, changeOf(row, colId, null));
        continue;
      }
      const value = normaliseNumberText(replaced);
      const problem = value.ok ? priceInputProblem(colId, value.value) : value.reason;
      if (!value.ok || problem !== null) {
        errors.push({ rowIndex, colId, message: `Replacing gives '${replaced}': ${problem}` });
        continue;
      }
      // '675.00' stored by the API and 675 replaced by 675 are the same price: no change.
      if (sameNumber(row[colId], value.value)) continue;
      changed(rowIndex, colId, changeOf(row, colId, value.value));
    }
  });

  return { rows: applyChanges(rows, changes), changes, cells, count: cells.length, skippedFormulaRows, errors, error: null };
}

export type FindResult = Pick<FindReplaceResult<GridRow>, 'cells' | 'skippedFormulaRows' | 'error'>;

/**
 * Find (Ctrl+F): the cells a search matches, by the rules of `findReplace` (a formula row's gross
 * only by its formula text, and only with `inFormulas`), whatever the replacement, changing
 * nothing: the bar highlights them.
 */
export function findCells(rows: readonly GridRow[], options: FindReplaceOptions): FindResult {
  const find = options.find.trim();
  if (find === '') return { cells: [], skippedFormulaRows: 0, error: 'Find is required' };
  if (options.columns.length === 0) return { cells: [], skippedFormulaRows: 0, error: 'Choose a column to search' };
  const findNumber = normaliseNumberText(find);
  const whole = options.matchWholeCell ?? false;
  const cells: FoundCell[] = [];
  let skippedFormulaRows = 0;
  rows.forEach((row, rowIndex) => {
    for (const colId of new Set(options.columns)) {
      const formula = colId === 'gross' && hasFormula(row, DEFAULT_FORMULA_FIELD);
      let found: boolean;
      if (formula && options.inFormulas) found = replaceInText(String(row[DEFAULT_FORMULA_FIELD]).trim(), find, '', whole) !== null;
      else found = replaceInCell(row[colId], find, findNumber.ok ? findNumber.value : null, '', whole) !== null;
      if (found && formula && !options.inFormulas) skippedFormulaRows += 1;
      else if (found) cells.push({ rowIndex, rowKey: rowKeyOf(row), colId });
    }
  });
  return { cells, skippedFormulaRows, error: null };
}

/** The cell's new text, or null when the cell does not match. */
function replaceInCell(value: unknown, find: string, findNumber: number | null, replace: string, whole: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (findNumber !== null && sameNumber(value, findNumber)) return replace;
  return replaceInText(text, find, replace, whole);
}

/** Text with `find` replaced (the whole text, or every occurrence); null when it does not match. */
function replaceInText(text: string, find: string, replace: string, whole: boolean): string | null {
  if (whole) return text === find ? replace : null;
  return text.includes(find) ? text.split(find).join(replace) : null;
}

function sameNumber(value: unknown, number: number): boolean {
  if (typeof value === 'number') return value === number;
  if (typeof value !== 'string') return false;
  const parsed = normaliseNumberText(value);
  return parsed.ok && parsed.value === number;
}
