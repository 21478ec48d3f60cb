import { unknownNameIn } from '../../formulas/formula-references';
import { changeOf, type CellChange } from './cell-change';
import { formulaFieldOf, type GridColumn } from './grid-column';
import type { GridRow } from './grid-row';
import { formulaTextOf, isFormulaText } from './is-formula-text';
import { normaliseNumberText } from '../../domain/normalise-number-text';
import { resolvePastedOption } from './resolve-pasted-option';

export type TextToCellChangesResult = { ok: true; changes: CellChange[] } | { ok: false; message: string };

/**
 * The changes that entering `text` into one cell makes, as pasting or typing would:
 * - number columns take a normalised number, also behind a leading '=' ('=1000'); an empty text
 *   clears the cell (null);
 * - text columns take the text as it is;
 * - choice columns (with `options`) take the id of the option the text names (its label, or for
 *   commission its percentage); an empty text clears the cell;
 * - the gross ('formula-number') column takes a number, which also clears any formula of the
 *   row, or a formula, which goes into the formula field and leaves gross for src/formulas to
 *   evaluate; an empty text clears both.
 * Unchanged fields produce no change. Text that fits none of these, or a number the column's
 * rule refuses (a negative gross, a third decimal...), is an error message for the cell, and the
 * cell is left as it was.
 */
export function textToCellChanges(row: GridRow, column: GridColumn, text: string): TextToCellChangesResult {
  const { colId } = column;
  if (column.options) {
    if (text.trim() === '') return changes(changeOf(row, colId, null));
    const option = resolvePastedOption(column.options, text, row[colId]);
    return option.ok ? changes(changeOf(row, colId, option.value)) : option;
  }
  if (column.type === 'text') return changes(changeOf(row, colId, text));

  if (text.trim() === '') {
    if (column.type === 'number') return changes(changeOf(row, colId, null));
    return changes(changeOf(row, colId, null), changeOf(row, formulaFieldOf(column), null));
  }

  // '=1000' is a number behind Excel's '=' (a cell copied from the formula bar), not a formula.
  const parsed = normaliseNumberText(/^\s*=/.test(text) ? formulaTextOf(text) : text);
  if (parsed.ok) {
    const problem = column.rule?.(parsed.value) ?? null;
    if (problem !== null) return { ok: false, message: problem };
    if (column.type === 'number') return changes(changeOf(row, colId, parsed.value));
    return changes(changeOf(row, colId, parsed.value), changeOf(row, formulaFieldOf(column), null));
  }

  if (column.type === 'formula-number' && isFormulaText(text)) {
    // A function the formulas do not know is refused by name; other mistakes ('1+') are kept
    // as typed and shown as the cell's error, so the clerk can correct them in place.
    const unknown = unknownNameIn(formulaTextOf(text));
    if (unknown !== undefined) return { ok: false, message: unknown };
    return changes(changeOf(row, formulaFieldOf(column), formulaTextOf(text)));
  }
  const message = column.type === 'formula-number' && parsed.reason === 'Not a number' ? 'Not a number or a formula' : parsed.reason;
  return { ok: false, message };
}

function changes(...list: (CellChange | null)[]): TextToCellChangesResult {
  return { ok: true, changes: list.filter((change): change is CellChange => change !== null) };
}
