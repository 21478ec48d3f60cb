// The what-if preview's count of rows under the margin guardrail (issue 22): of the rows a change
// rewrites, how many its model's guardrail flags after the change and now.

import { describe, expect, it } from 'vitest';
import { previewRateChange } from '../../src/domain/models/preview-rate-change';
import type { PricingInputsTourSeason, SeasonPricingInputs } from '../../src/domain/models/season-pricing-inputs';
import { computePrice } from '../../src/domain/price-maths';
import { currencyRateKey } from '../../src/domain/pricing/price-lists';

const euro = 1.085;
const rate = { id: 70, commission: 20, markup: 1.32, supplement_markup: 1.1 };
const season = (id: number, tour_code: string, guard: Pick<PricingInputsTourSeason, 'min_margin_percent' | 'min_profit'>): PricingInputsTourSeason => ({
  id,
  season_id: 3,
  tour_code,
  currency_id: 1,
  markup_model_id: 7,
  currency_rate: euro,
  ...guard,
});
const empty = { tour_season_id: [], gross: [], non_com: [], adjustment: [], markup_rate_id: [], net: [], cost: [] };

function inputsOf(tourSeasons: PricingInputsTourSeason[], rows: { tourSeasonId: number; gross: number }[]): SeasonPricingInputs {
  const stored = rows.map((row) => computePrice({ gross: row.gross, non_com: 0, adjustment: 0, markup_rate_id: 70 }, rate, euro, 'tour'));
  return {
    season_id: 3,
    tour_seasons: tourSeasons,
    rates: [{ ...rate, markup_model_id: 7 }],
    lists: {
      prices: {
        tour_season_id: rows.map((row) => row.tourSeasonId),
        gross: rows.map((row) => row.gross),
        non_com: rows.map(() => 0),
        adjustment: rows.map(() => 0),
        markup_rate_id: rows.map(() => 70),
        net: stored.map((row) => row.net),
        cost: stored.map((row) => row.cost),
      },
      bikes: empty,
      party_extra_variations: empty,
      room_extra_variations: empty,
    },
  };
}

const commission = (value: number) => new Map([[70, { commission: value, markup: rate.markup, supplement_markup: rate.supplement_markup }]]);

describe('the what-if preview’s margin guardrail count', () => {
  // At 20% commission and €1.085 the £675 price costs £657 and makes £159, the £500 one £487
  // and £118 (stored profit is worked out to the pound); at 10% commission £740 and £180, £548 and £133.
  it('counts changed rows under the guardrail after and now, per tour code and in all', () => {
    const inputs = inputsOf(
      [season(31, 'DCP', { min_margin_percent: null, min_profit: 170 }), season(32, 'RHN', { min_margin_percent: 24.22, min_profit: null })],
      [
        { tourSeasonId: 31, gross: 675 },
        { tourSeasonId: 31, gross: 500 },
        { tourSeasonId: 32, gross: 675 },
        { tourSeasonId: 32, gross: 500 },
      ],
    );
    const preview = previewRateChange(inputs, { tourSeasonIds: [31, 32], rates: commission(10) });
    expect(preview.prices).toBe(4);
    // DCP: £170 floor, both under now, only the £500 one after. RHN: 24.22% of cost, in
    // hundredths of a percent as the grid reads it: now 24.20% (under) and 24.23% (met), after
    // 24.32% and 24.27% (both met).
    expect(
      preview.by_tour_code.map(({ tour_code, below_guardrail_after, below_guardrail_before }) => [tour_code, below_guardrail_after, below_guardrail_before]),
    ).toEqual([
      ['DCP', 1, 2],
      ['RHN', 0, 1],
    ]);
    expect([preview.below_guardrail, preview.below_guardrail_now]).toEqual([1, 3]);
  });

  it('leaves out rows the change does not rewrite, rows without a guardrail, and a stored profit it cannot work out', () => {
    const noGuard = { min_margin_percent: null, min_profit: null };
    const inputs = inputsOf(
      [
        season(31, 'DCP', { min_margin_percent: null, min_profit: 1000 }),
        season(32, 'RHN', noGuard),
        { ...season(33, 'SAL', { min_margin_percent: 50, min_profit: null }), currency_rate: null },
      ],
      [
        { tourSeasonId: 31, gross: 675 },
        { tourSeasonId: 32, gross: 675 },
        { tourSeasonId: 33, gross: 500 },
      ],
    );
    // Unchanged rate: nothing is rewritten, so nothing is counted though every DCP row is under £1,000.
    expect(previewRateChange(inputs, { tourSeasonIds: [31, 32, 33], rates: commission(20) })).toMatchObject({
      prices: 0,
      below_guardrail: 0,
      below_guardrail_now: 0,
    });
    // SAL has no stored rate: its row is rewritten at the proposed one, under 50% after, unknown now.
    const preview = previewRateChange(inputs, { tourSeasonIds: [31, 32, 33], currencyRates: new Map([[currencyRateKey(1, 3), 1.2]]) });
    expect(preview.prices).toBe(3);
    expect(preview.by_tour_code.map((impact) => [impact.tour_code, impact.below_guardrail_after, impact.below_guardrail_before])).toEqual([
      ['DCP', 1, 1],
      ['RHN', 0, 0],
      ['SAL', 1, 0],
    ]);
    expect([preview.below_guardrail, preview.below_guardrail_now]).toEqual([2, 1]);
  });
});
