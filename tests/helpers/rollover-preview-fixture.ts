import type { RolledPrice, RolloverPreview } from '../../src/domain/rollover/rollover-request.js';

const price = (before: number, after: number, below = false): RolledPrice => {
  const values = (gross: number) => ({ gross, formula: null, net: gross * 0.8, cost: gross, profit: gross * 0.2, margin: 20, markup_rate_id: 70 });
  return { before: values(before), after: values(after), change_percent: 4, below_guardrail: below, unmatched_commission: null };
};

const totals = { rows: 2, gross_before: 1700, gross_after: 1770, cost_before: 1700, cost_after: 1770, below_guardrail: 1 };
/** A roll-over preview of one tour of the Alps with two rows, the second under the guardrail. */
export const preview: RolloverPreview = {
  label: 'Roll over 2026 -> 2027, +4%, to 5',
  tours: [
    {
      tour_id: 11,
      tour_code: 'ALP',
      tour_name: 'Tour ALP',
      destination: 'Alps',
      tour_season: {
        source_tour_season_id: 5,
        markup_model_id: 8,
        model_name: 'Standard 2027',
        currency_id: 1,
        currency_name: 'Euro',
        currency_rate: 1.2,
        uplift_percent: 4,
      },
      categories: [{ start: '2027-05-01', end: '2027-09-30', nights: 7, prices: [price(1200, 1250), price(500, 520, true)] }],
      bikes: [],
      supplements: [],
      extra_nights: [],
      reductions: 0,
      replaces: null,
      below_guardrail: 1,
      problems: [],
      totals,
    },
  ],
  skipped: [],
  totals: { ...totals, tours: 1 },
  problems: [],
};
