import { DELETED_REFERENCE, mapFormulaReferences } from '../../formulas/formula-references';

/** Where a row went: its new index, or undefined when it was deleted. */
export type RowMapping = (oldRow: number) => number | undefined;

type FormulaRow = { readonly formula?: string | null };

/**
 * Points every `[n]` of a row's formula at where row n now is, as a spreadsheet keeps a
 * reference on its cell when rows move (DESIGN.md section 5): a reference to a deleted row
 * becomes `#REF!`, an error staff must fix, never a silent 0. Rows without references are
 * returned as they are, so unchanged rows keep their identity.
 */
export function followRowMapping<R extends FormulaRow>(row: R, mapping: RowMapping): R {
  if (!row.formula) return row;
  const formula = mapFormulaReferences(row.formula, (old) => {
    const target = mapping(old);
    return target === undefined ? DELETED_REFERENCE : `[${target}]`;
  });
  return formula === row.formula ? row : { ...row, formula };
}
