import type { Reduction } from '../../src/domain/tours/tour-reductions-schemas.js';

/** A stored child reduction (50% for ages 6-13 with two adults), with any fields given. */
export const reductionFixture = (fields: Partial<Reduction> = {}): Reduction => ({
  id: 8,
  tour_season_id: 31,
  order: 1,
  percent: 50,
  cost: null,
  room_type_id: null,
  deck_id: null,
  output_quantity: 1,
  output_min: 6,
  output_max: 13,
  input_quantity: 2,
  input_min: 18,
  input_max: null,
  child_calc_room: 1,
  child_calc_accommodation: null,
  ...fields,
});
