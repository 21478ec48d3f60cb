// The reductions tab's staged rows, as pure functions. Percent, cost, input and output fields are
// kept as typed, so anything can be typed and becomes null on save when it is empty or not a
// number (SPEC.md section 5).

import { REDUCTION_NUMERIC_FIELDS, numberOrNull, reductionNumbersForSave, type ReductionNumericField } from '../../domain/tours/tour-extras-rules';
import { newFreeChildReduction, type Reduction, type ReductionInput } from '../../domain/tours/tour-reductions-schemas';

type ReductionIds = Pick<Reduction, 'room_type_id' | 'deck_id' | 'child_calc_room' | 'child_calc_accommodation'>;

export type StagedReduction = ReductionIds & Record<ReductionNumericField, string> & { key: string; id?: number; order: string };

export type ReductionFields = Omit<Reduction, 'id' | 'tour_season_id'>;

let lastKey = 0;
const newKey = () => `reduction-new-${(lastKey += 1)}`;

const asText = (value: number | null) => (value === null ? '' : String(value));

/** A reduction from the server (or a copy, which has no id) as a staged row. */
export function stageReduction(reduction: ReductionFields & { id?: number }): StagedReduction {
  const numbers = Object.fromEntries(REDUCTION_NUMERIC_FIELDS.map((field) => [field, asText(reduction[field])])) as Record<ReductionNumericField, string>;
  return {
    key: reduction.id === undefined ? newKey() : `reduction-${reduction.id}`,
    ...(reduction.id === undefined ? {} : { id: reduction.id }),
    order: String(reduction.order),
    room_type_id: reduction.room_type_id,
    deck_id: reduction.deck_id,
    child_calc_room: reduction.child_calc_room,
    child_calc_accommodation: reduction.child_calc_accommodation,
    ...numbers,
  };
}

/** Add Reduction: the free-child defaults (percent 100, output max age 5), after the last order. */
export function newStagedReduction(rows: readonly StagedReduction[]): StagedReduction {
  const order = rows.reduce((max, row) => Math.max(max, numberOrNull(row.order) ?? 0), 0) + 1;
  return stageReduction(newFreeChildReduction(order));
}

/** A staged row as the season save sends it: typed numbers converted, blanks and text as null. */
export function reductionForSave(row: StagedReduction): ReductionInput {
  const { key: _key, order, ...fields } = reductionNumbersForSave(row);
  const orderNumber = numberOrNull(order);
  return { ...fields, order: orderNumber === null ? 0 : Math.max(0, Math.round(orderNumber)) };
}

/** Whether a row would save differently from what was loaded (a new row always would). */
export function reductionChanged(row: StagedReduction, loaded: StagedReduction | undefined): boolean {
  return loaded === undefined || JSON.stringify(reductionForSave(row)) !== JSON.stringify(reductionForSave(loaded));
}
