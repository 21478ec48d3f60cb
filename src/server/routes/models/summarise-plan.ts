import type { Kysely } from 'kysely';
import type { RepricedCounts } from '../../../domain/models/markup-model.js';
import type { RateChangePreview, TourCodeImpact } from '../../../domain/models/rate-change-preview.js';
import { decimalSafeRound, isUsableCurrencyRate } from '../../../domain/price-maths.js';
import type { Database } from '../../db/schema.js';
import type { RecomputePlan } from '../../pricing/recompute-tour-seasons.js';
import { loadSeasonMathsInputs } from '../../pricing/season-maths-inputs.js';

export const repricedCounts = (plan: RecomputePlan): RepricedCounts => {
  const counts: RepricedCounts = { prices: 0, bikes: 0, extras: 0 };
  for (const change of plan.changes) {
    if (change.list === 'prices') counts.prices++;
    else if (change.list === 'bikes') counts.bikes++;
    else counts.extras++;
  }
  return counts;
};

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/**
 * A plan as staff read it: how many rows change by kind, and per tour code the cost and profit of
 * the changed rows before and after. Profit is not stored, so "before" is worked out from the
 * stored net and cost with the season's current currency rate, the way the grid shows it.
 */
export async function summarisePlan(db: Kysely<Database>, plan: RecomputePlan, tourSeasonIds: number[], moved: number, started: number): Promise<RateChangePreview> {
  const current = await loadSeasonMathsInputs(db, tourSeasonIds);
  const tours = tourSeasonIds.length
    ? await db.selectFrom('tour_seasons as ts').innerJoin('tours as t', 't.id', 'ts.tour_id').select(['ts.id', 't.id as tour_id', 't.tour_code']).where('ts.id', 'in', tourSeasonIds).execute()
    : [];
  const codeOf = new Map(tours.map((tour) => [tour.id, tour.tour_code || `Tour ${tour.tour_id}`]));
  const impacts = new Map<string, TourCodeImpact & { tourIds: Set<number> }>();
  for (const change of plan.changes) {
    const code = codeOf.get(change.tour_season_id) ?? '';
    const impact = impacts.get(code) ?? { tour_code: code, tours: 0, rows: 0, cost_before: 0, cost_after: 0, profit_before: 0, profit_after: 0, tourIds: new Set<number>() };
    const rate = current.get(change.tour_season_id)?.currencyRate;
    impact.tourIds.add(change.tour_season_id);
    impact.rows++;
    impact.cost_before += change.before.cost;
    impact.cost_after += change.after.cost;
    impact.profit_before += isUsableCurrencyRate(rate) ? decimalSafeRound(change.before.cost - change.before.net / rate) : 0;
    impact.profit_after += change.after.profit;
    impacts.set(code, impact);
  }
  const by_tour_code = [...impacts.values()]
    .map(({ tourIds, ...impact }) => ({
      ...impact,
      tours: tourIds.size,
      cost_before: roundMoney(impact.cost_before),
      cost_after: roundMoney(impact.cost_after),
      profit_before: roundMoney(impact.profit_before),
      profit_after: roundMoney(impact.profit_after),
    }))
    .sort((a, b) => a.tour_code.localeCompare(b.tour_code));
  return {
    ...repricedCounts(plan),
    rows_checked: plan.rowsChecked,
    tour_seasons: tourSeasonIds.length,
    moved,
    by_tour_code,
    elapsed_ms: Math.round(performance.now() - started),
  };
}
