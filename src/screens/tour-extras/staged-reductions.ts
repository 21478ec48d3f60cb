// The reductions grid's rows, as pure functions. A reduction has no gross, so the price fields the
// shared price grid expects stay empty (the grid shows only the reduction columns). The grid
// refuses text that is not a number in a cell, and a cleared cell is null, so a save sends
// numbers or null (SPEC.md section 5).

import { newFreeChildReduction, type Reduction, type ReductionInput } from '../../domain/tours/tour-reductions-schemas';
import { newRowKey, storedRowKey, type PriceRow } from '../../grid/price-row';

/** The reduction fields the grid edits, in column order; `cost` is `reduction_cost` in the grid. */
export const REDUCTION_GRID_FIELDS = [
  'order',
  'percent',
  'reduction_cost',
  'room_type_id',
  'deck_id',
  'input_quantity',
  'input_min',
  'input_max',
  'output_quantity',
  'output_min',
  'output_max',
  'child_calc_room',
  'child_calc_accommodation',
] as const;
type ReductionGridField = (typeof REDUCTION_GRID_FIELDS)[number];

/**
 * One reduction as a grid row. Its cost is named `reduction_cost` because `cost` is a computed
 * column of every price grid (the price workbook answers it for each row).
 */
export type ReductionRow = PriceRow & Record<ReductionGridField, number | null>;

export type ReductionFields = Omit<Reduction, 'id' | 'tour_season_id'>;

const numberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? null : Number(value));

/** A reduction from the server (or a copy, which has no id) as a grid row. */
export function reductionRow(
  reduction: ReductionFields & { id?: number },
  key = reduction.id === undefined ? newRowKey() : storedRowKey(reduction.id),
): ReductionRow {
  const { cost, ...fields } = reduction;
  const values = Object.fromEntries(REDUCTION_GRID_FIELDS.map((field) => [field, numberOrNull(field === 'reduction_cost' ? cost : fields[field])])) as Record<
    ReductionGridField,
    number | null
  >;
  return {
    key,
    ...(reduction.id === undefined ? {} : { id: reduction.id }),
    formula: null,
    gross: null,
    non_com: null,
    adjustment: null,
    markup_rate_id: null,
    ...values,
  };
}

/** Add Reduction: the free-child defaults (percent 100, output max age 5), after the last order. */
export function newReductionRow(rows: readonly ReductionRow[]): ReductionRow {
  const order = rows.reduce((max, row) => Math.max(max, row.order ?? 0), 0) + 1;
  return reductionRow(newFreeChildReduction(order));
}

/** A grid row as the season save sends it; an empty order is 0, a fractional one rounded. */
export function reductionForSave(row: ReductionRow): ReductionInput {
  return {
    ...(row.id === undefined ? {} : { id: row.id }),
    order: row.order === null ? 0 : Math.max(0, Math.round(row.order)),
    percent: row.percent,
    cost: row.reduction_cost,
    room_type_id: row.room_type_id,
    deck_id: row.deck_id,
    output_quantity: row.output_quantity,
    output_min: row.output_min,
    output_max: row.output_max,
    input_quantity: row.input_quantity,
    input_min: row.input_min,
    input_max: row.input_max,
    child_calc_room: row.child_calc_room,
    child_calc_accommodation: row.child_calc_accommodation,
  };
}
