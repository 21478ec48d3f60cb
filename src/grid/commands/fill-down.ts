import { applyChanges, changeOf, type CellChange } from './cell-change';
import { formulaFieldOf, type GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';
import { hasFormula } from './is-formula-text';
import { shiftFormulaRefs } from './shift-formula-refs';

export type FillDownResult<R extends GridRow> = {
  rows: R[];
  /** One batch: record it on the undo stack as a single step. */
  changes: CellChange[];
};

/**
 * Ctrl+D: copies the top cell of each selected column into the cells below it in the selection.
 * As in Excel, a selection of a single row copies from the row above it instead.
 *
 * Formulas: `[n]` references are relative, as an Excel reference without `$` is, so a formula
 * copied d rows down has every [k] become [k+d]: `[3]+50` filled from row 4 to row 5 reads
 * `[4]+50`. That is what staff get from Excel, and SPEC.md has [n] references follow their rows
 * "the way a spreadsheet's do". The copied formula goes into the formula field and gross is left
 * for src/formulas to evaluate; copying a plain gross clears any formula of the rows below.
 *
 * Columns not in `columns` or not editable (computed ones) are skipped even when selected.
 * `columns` is needed, beyond the rows and selection, to know which columns those are and which
 * one carries a formula. Input rows are never mutated.
 */
export function fillDown<R extends GridRow>(rows: readonly R[], selection: GridSelection, columns: readonly GridColumn[]): FillDownResult<R> {
  const span = selectionRowSpan(selection, rows.length);
  if (!span) return { rows: rows as R[], changes: [] };
  const sourceIndex = span.last > span.first ? span.first : span.first - 1;
  if (sourceIndex < 0) return { rows: rows as R[], changes: [] };
  const source = rows[sourceIndex];

  const changes: CellChange[] = [];
  const push = (change: CellChange | null): void => {
    if (change) changes.push(change);
  };
  const filled = columns.filter((column) => column.editable && selection.colIds.includes(column.colId));
  for (const column of filled) {
    const formulaField = formulaFieldOf(column);
    const copiesFormula = column.type === 'formula-number' && hasFormula(source, formulaField);
    for (let rowIndex = sourceIndex + 1; rowIndex <= span.last; rowIndex += 1) {
      const row = rows[rowIndex];
      if (copiesFormula) {
        push(changeOf(row, formulaField, shiftFormulaRefs(String(source[formulaField]), rowIndex - sourceIndex)));
        continue;
      }
      push(changeOf(row, column.colId, source[column.colId] ?? null));
      if (column.type === 'formula-number') push(changeOf(row, formulaField, null));
    }
  }
  return { rows: applyChanges(rows, changes), changes };
}
