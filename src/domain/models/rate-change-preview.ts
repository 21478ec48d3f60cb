import type { RepricedCounts } from './markup-model.js';

/** Totals of one tour code's changed rows, before and after the proposed change. */
export type TourCodeImpact = {
  tour_code: string;
  tours: number;
  rows: number;
  cost_before: number;
  cost_after: number;
  profit_before: number;
  profit_after: number;
  /** Of these rows, how many are under their model's margin guardrail now, and how many would be after. */
  below_guardrail_before: number;
  below_guardrail_after: number;
};

/**
 * The what-if answer for a proposed model or currency-rate change: what saving it would rewrite,
 * across every tour of the season, worked out by the price engine without writing anything.
 */
export type RateChangePreview = RepricedCounts & {
  /** Rows of the affected tour seasons that were evaluated. */
  rows_checked: number;
  /** Rows whose formula cannot be evaluated: left as they are by the save too. */
  tour_seasons: number;
  /** Rows that would move to another rate because their rate is removed. */
  moved: number;
  by_tour_code: TourCodeImpact[];
  /** Changed rows the change would leave under their model's margin guardrail, and how many of them are under it now. */
  below_guardrail: number;
  below_guardrail_now: number;
  /** Server time spent, for the page to show and the benchmark to read. */
  elapsed_ms: number;
};
