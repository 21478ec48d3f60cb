import { formulaFieldOf, type GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { hasFormula } from './is-formula-text';

/**
 * A cell's content as the clerk edits it (F2, Enter): a gross's formula as stored, without '='; a
 * choice's label ('20%', never its id); a number's digits as stored; '' for an empty cell. A
 * choice whose id no option has shows as `#id`, which no option's label matches.
 */
export function cellInputText(row: GridRow, column: GridColumn): string {
  if (column.type === 'formula-number' && hasFormula(row, formulaFieldOf(column))) return String(row[formulaFieldOf(column)]).trim();
  const value = row[column.colId];
  if (column.options) return column.options.find((option) => option.value === (value ?? null))?.label ?? (value == null ? '' : `#${String(value)}`);
  if (value == null) return '';
  return typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value);
}

/**
 * The same content as a spreadsheet cell holds it, for copy and fill: a formula behind Excel's
 * '=' (`=[0]+10`), so that pasting it back, here or in a sheet, gives a formula again.
 */
export function cellSheetText(row: GridRow, column: GridColumn): string {
  const text = cellInputText(row, column);
  return column.type === 'formula-number' && hasFormula(row, formulaFieldOf(column)) ? `=${text}` : text;
}
