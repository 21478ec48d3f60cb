import type { GridRow } from './grid-row';

// 'formula-number' is the gross column: the cell shows a number, but the row may instead hold
// a formula (such as `[3]+50`) in a separate field that src/formulas evaluates into the number.
export type GridColumnType = 'number' | 'text' | 'formula-number';

/** One choice of a choice column: the id stored and the label the cell shows. */
export type ChoiceOption = { value: number | null; label: string };

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
  /**
   * A choice column (commission, room type, bike...) stores an option's id but shows, copies and
   * pastes its label: a clipboard never carries ids, which mean nothing in another season.
   */
  options?: readonly ChoiceOption[];
  /** For a column editable in some rows only (a deck, on a boat's row): whether this row's cell is. */
  editableRow?: (row: GridRow) => boolean;
  /**
   * Why a number cannot go into this cell (a price's rules: price-input-rules.ts), or null when it
   * can. Checked on every number entered as text (typing, paste, Find & Replace); absent: any number.
   */
  rule?: (value: number) => string | null;
};

export const DEFAULT_FORMULA_FIELD = 'formula';

export function formulaFieldOf(column: GridColumn): string {
  return column.formulaField ?? DEFAULT_FORMULA_FIELD;
}

/** Whether a row's cell in a column takes input (a deck only on a boat's row). */
export function isCellEditable(column: GridColumn, row: GridRow): boolean {
  return column.editable && (column.editableRow?.(row) ?? true);
}
