// 'formula-number' is the gross column: the cell shows a number, but the row may instead hold
// a formula (such as `[3]+50`) in a separate field that src/formulas evaluates into the number.
export type GridColumnType = 'number' | 'text' | 'formula-number';

/**
 * What the commands need to know about a column. The order of a column list is the display
 * order, which is the order a pasted block fills.
 */
export type GridColumn = {
  /** The row field the cell shows and edits. */
  colId: string;
  type: GridColumnType;
  /** Computed columns (net, subtotal, cost, profit) and the `#` column are not editable. */
  editable: boolean;
  /** For 'formula-number' columns, the row field that holds the formula text; default 'formula'. */
  formulaField?: string;
};

export const DEFAULT_FORMULA_FIELD = 'formula';

export function formulaFieldOf(column: GridColumn): string {
  return column.formulaField ?? DEFAULT_FORMULA_FIELD;
}
