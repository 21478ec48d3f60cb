import { formatMoney } from '../../domain/format-money';
import { cellSheetText } from './cell-input-text';
import type { GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { selectionRowSpan, type GridSelection } from './grid-selection';

/**
 * The selected cells as text for the clipboard, laid out as Excel, LibreOffice and Google Sheets
 * write and read it (cells by tabs, rows by newlines) and as `pasteBlock` reads it back, so a
 * block copied out of the grid and pasted elsewhere reproduces the same inputs:
 * - a formula gross as the formula with Excel's '=' (`=[0]+10`), so it pastes as a formula;
 * - a choice (commission, room type...) as the label the cell shows (`20%`), never its id,
 *   which means nothing in another season or sheet; an id no option has as the cell shows it;
 * - typed numbers exactly as stored, without currency signs or thousands separators;
 * - read-only values the grid works out (`computed`: `#`, net, subtotal, cost, profit, and the
 *   text of read-only text columns such as an extra's dates) as the screen shows them, numbers
 *   rounded to the penny (987.6479999 as 987.65), a code such as `#DIV/0!` as it is (the price
 *   grid gives a row in error its code in every computed cell: formula-error-note.ts); a cell
 *   `computed` gives no value for copies as ''.
 * A cell holding a tab, a line break or a quote is quoted the way those applications quote it.
 */
export function copyBlock(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  selection: GridSelection,
  computed: (rowIndex: number) => Readonly<Record<string, unknown>>,
): string {
  const span = selectionRowSpan(selection, rows.length);
  if (span === null) return '';
  const selected = columns.filter((column) => selection.colIds.includes(column.colId));
  const lines: string[] = [];
  for (let index = span.first; index <= span.last; index += 1) {
    const row = rows[index];
    lines.push(selected.map((column) => quoted(cellText(row, column, () => computed(index)))).join('\t'));
  }
  return lines.join('\n');
}

function cellText(row: GridRow, column: GridColumn, computed: () => Readonly<Record<string, unknown>>): string {
  if (!column.editable) {
    const values = computed();
    if (column.colId in values) {
      const value = values[column.colId];
      if (typeof value === 'number') return shownNumber(value);
      return typeof value === 'string' ? value : '';
    }
  }
  return cellSheetText(row, column);
}

/**
 * A worked-out value rounded as the grid shows it (to the penny), without sign or thousands
 * separators, and without trailing zeros so that `#` copies as 3 rather than 3.00.
 */
const shownNumber = (value: number): string => String(Number(formatMoney(value, '').replace(/,/g, '')));

const quoted = (text: string): string => (/[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
