import type { Kysely } from 'kysely';
import type { RepricedCounts } from '../../../domain/models/markup-model.js';
import { guardrailOf } from '../../../domain/models/margin-guardrail.js';
import type { RateChangePreview } from '../../../domain/models/rate-change-preview.js';
import { TourCodeImpacts } from '../../../domain/models/tour-code-impacts.js';
import { listGuardrailsOfTourSeasons, listTourCodesOfTourSeasons } from '../../db/repositories/season-repository.js';
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

/** A plan as staff read it: how many rows change by kind, and per tour code the cost and profit of the changed rows before and after. */
export async function summarisePlan(
  db: Kysely<Database>,
  plan: RecomputePlan,
  tourSeasonIds: number[],
  moved: number,
  started: number,
): Promise<RateChangePreview> {
  const current = await loadSeasonMathsInputs(db, tourSeasonIds);
  const tours = tourSeasonIds.length ? await listTourCodesOfTourSeasons(db, tourSeasonIds) : [];
  const codeOf = new Map(tours.map((tour) => [tour.id, tour.tour_code || `Tour ${tour.tour_id}`]));
  // The stored guardrail of each tour season's model, as the grid flags rows with it.
  const guardrails = tourSeasonIds.length ? await listGuardrailsOfTourSeasons(db, tourSeasonIds) : [];
  const guardOf = new Map(guardrails.map((row) => [row.id, guardrailOf(row)]));
  const impacts = new TourCodeImpacts();
  for (const change of plan.changes) {
    const id = change.tour_season_id;
    impacts.add(codeOf.get(id) ?? '', id, change.before, current.get(id)?.currencyRate, change.after, guardOf.get(id));
  }
  return {
    ...repricedCounts(plan),
    rows_checked: plan.rowsChecked,
    tour_seasons: tourSeasonIds.length,
    moved,
    by_tour_code: impacts.list(),
    ...impacts.belowGuardrail(),
    elapsed_ms: Math.round(performance.now() - started),
  };
}
