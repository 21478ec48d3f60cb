import { FORMULA_REF } from './is-formula-text';

/**
 * Moves every `[n]` reference of a formula by `offset` rows, as a spreadsheet moves a relative
 * reference when it copies a formula `offset` rows down. Fill-down only moves references down;
 * a reference moved above row 0 has no meaning (Excel shows #REF!), so it throws a RangeError
 * rather than inventing one.
 */
export function shiftFormulaRefs(formula: string, offset: number): string {
  return formula.replace(FORMULA_REF, (_match, row: string) => {
    const shifted = Number(row) + offset;
    if (shifted < 0) throw new RangeError(`Reference [${row}] cannot move ${offset} rows`);
    return `[${shifted}]`;
  });
}
