import { DELETED_REFERENCE, mapFormulaReferences } from '../../formulas/formula-references';

/**
 * Moves every `[n]` reference of a formula by `offset` rows, as a spreadsheet moves a relative
 * reference when it copies, pastes or fills a formula `offset` rows away: `[3]+50` pasted one row
 * down reads `[4]+50`. A reference moved above row 0 has no row to name and becomes `#REF!`, as
 * in Excel: an error the clerk sees, never a silent 0.
 */
export function shiftFormulaRefs(formula: string, offset: number): string {
  if (offset === 0) return formula;
  return mapFormulaReferences(formula, (row) => (row + offset < 0 ? DELETED_REFERENCE : `[${row + offset}]`));
}
