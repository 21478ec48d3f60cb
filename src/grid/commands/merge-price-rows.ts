import type { PriceRow } from '../price-row';
import { newRowKey } from '../price-row';
import { mergeRows, type MergeChoice, type MergeConflict } from './three-way-merge';

// The three-way merge of a price grid's rows (issue 29), over mergeRows: gross and formula are one
// cell, `price`, what the clerk typed (a number or a formula), never the number a formula gave;
// a row kept whose stored row is gone becomes a new row.

/** The price cells every price grid merges, `price` standing for gross and formula together. */
export const MERGED_PRICE_FIELDS = ['price', 'non_com', 'adjustment', 'markup_rate_id'] as const;

export type Priced<R> = R & { price: number | string | null };

/** A row's identity across the clerk's grid and the stored one: its id once stored, else its key. */
export const rowIdentity = (row: { id?: number; key: string }) => (row.id !== undefined ? `id:${row.id}` : `key:${row.key}`);

const priced = <R extends PriceRow>(rows: readonly R[]): Priced<R>[] => rows.map((row) => ({ ...row, price: row.formula ? row.formula : row.gross }));

export type PriceRowsMergeInput<R extends PriceRow> = {
  base: readonly R[];
  mine: readonly R[];
  theirs: readonly R[];
  /** The row's own fields merged beside the price cells (bike, order, room...). */
  fields: readonly (keyof R & string)[];
  choose?: (conflict: MergeConflict<Priced<R>>) => MergeChoice | undefined;
  arrange?: (rows: Priced<R>[]) => Priced<R>[];
};

export type PriceRowsMerge<R extends PriceRow> = {
  rows: R[];
  found: MergeConflict<Priced<R>>[];
  conflicts: MergeConflict<Priced<R>>[];
  keptMine: number;
  tookTheirs: number;
};

export function mergePriceRows<R extends PriceRow>(input: PriceRowsMergeInput<R>): PriceRowsMerge<R> {
  const merge = mergeRows<Priced<R>>({
    base: priced(input.base),
    mine: priced(input.mine),
    theirs: priced(input.theirs),
    identity: rowIdentity,
    fields: [...input.fields, ...MERGED_PRICE_FIELDS] as (keyof Priced<R> & string)[],
    formulaField: 'price',
    choose: input.choose,
    arrange: input.arrange,
  });
  const rows = merge.rows.map(({ price, ...rest }) => {
    const row = rest as unknown as R;
    const typed = typeof price === 'string' ? { formula: price } : { formula: null, gross: price };
    const revived = merge.revived.has(rowIdentity(row));
    return { ...row, ...typed, ...(revived ? { id: undefined, key: newRowKey() } : {}) };
  });
  return { rows, found: merge.found, conflicts: merge.conflicts, keptMine: merge.keptMine, tookTheirs: merge.tookTheirs };
}
