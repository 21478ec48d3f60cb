import type { SelectOption } from './form-fields.js';

/** SPEC.md section 9: the website filter a category (theme) page applies. */
export const CATEGORY_FILTER_IDS = [
  'none',
  'bike',
  'bike_boat',
  'self_guided',
  'guided',
  'easy',
  'leisurely',
  'moderate',
  'challenging',
  '1_4_nights',
  '5_8_nights',
  '9_14_nights',
  'offers',
  'theme',
] as const;
export type CategoryFilterId = (typeof CATEGORY_FILTER_IDS)[number];

const LABELS: Record<CategoryFilterId, string> = {
  none: 'None',
  bike: 'Bike',
  bike_boat: 'Bike & boat',
  self_guided: 'Self-guided',
  guided: 'Guided',
  easy: 'Easy',
  leisurely: 'Leisurely',
  moderate: 'Moderate',
  challenging: 'Challenging',
  '1_4_nights': '1-4 nights',
  '5_8_nights': '5-8 nights',
  '9_14_nights': '9-14 nights',
  offers: 'Offers',
  theme: 'Theme',
};

export const CATEGORY_FILTER_OPTIONS: readonly SelectOption[] = CATEGORY_FILTER_IDS.map((value) => ({ value, label: LABELS[value] }));
