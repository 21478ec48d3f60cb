import type { Kysely } from 'kysely';
import type { RolledTotals, RolloverPreview, RolloverRequest } from '../../../domain/rollover/rollover-request.js';
import type { Database } from '../../db/schema.js';
import { planRollover, rollChunks } from './plan-rollover.js';

const ALREADY_THERE = 'Already has a tour season in the target season: left as it is';

/** Sums totals in whole pence, so a roll-over of thousands of rows adds up exactly. */
export function addTotals(totals: readonly RolledTotals[]): RolledTotals {
  const sum = (pick: (total: RolledTotals) => number) => totals.reduce((cents, total) => cents + Math.round(pick(total) * 100), 0) / 100;
  return {
    rows: totals.reduce((rows, total) => rows + total.rows, 0),
    gross_before: sum((total) => total.gross_before),
    gross_after: sum((total) => total.gross_after),
    cost_before: sum((total) => total.cost_before),
    cost_after: sum((total) => total.cost_after),
    below_guardrail: totals.reduce((rows, total) => rows + total.below_guardrail, 0),
  };
}

/** `POST rollovers/preview`: the roll-over worked out, tour by tour, with nothing written. */
export async function previewRollover(db: Kysely<Database>, request: RolloverRequest): Promise<RolloverPreview> {
  const plan = await planRollover(db, request);
  const tours: RolloverPreview['tours'] = [];
  for await (const chunk of rollChunks(db, plan)) tours.push(...chunk.rolled.map((rolled) => rolled.preview));
  return {
    label: plan.label,
    tours,
    skipped: plan.skipped.map((tour) => ({ tour_id: tour.tour_id, tour_code: tour.tour_code, tour_name: tour.tour_name, reason: ALREADY_THERE })),
    totals: { tours: tours.length, ...addTotals(tours.map((tour) => tour.totals)) },
    problems: tours.flatMap((tour) => tour.problems),
  };
}
