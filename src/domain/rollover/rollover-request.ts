import { z } from 'zod';
import { id } from '../record-id.js';
import { ROUND_STEPS, UPLIFT_LIMITS, type RoundStep } from './rollover-rules.js';

// What a season roll-over (issue 31) is asked to do, as POST rollovers/preview and POST rollovers
// both take it: the preview and the commit read the same body and compute the same rows.

/** The parts of a tour season that roll over besides its prices (always rolled). */
export const ROLLOVER_PARTS = ['bikes', 'supplements', 'extra_nights', 'reductions', 'specifications'] as const;
export type RolloverPart = (typeof ROLLOVER_PARTS)[number];
export const ROLLOVER_PART_LABELS: Record<RolloverPart, string> = {
  bikes: 'Bikes',
  supplements: 'Supplements',
  extra_nights: 'Extra nights',
  reductions: 'Reductions',
  specifications: 'Specifications',
};

const percent = z
  .number({ error: 'Enter the uplift in percent' })
  .finite('Enter the uplift in percent')
  .min(UPLIFT_LIMITS.min, `An uplift is ${UPLIFT_LIMITS.min}% to ${UPLIFT_LIMITS.max}%`)
  .max(UPLIFT_LIMITS.max, `An uplift is ${UPLIFT_LIMITS.min}% to ${UPLIFT_LIMITS.max}%`);

/** A different uplift for the tours of one destination or one currency (a destination's wins). */
export const upliftOverrideSchema = z.union([z.object({ destination_id: id, percent }).strict(), z.object({ currency_id: id, percent }).strict()]);
export type UpliftOverride = z.infer<typeof upliftOverrideSchema>;

export const rolloverRequestSchema = z
  .object({
    source_season_id: id,
    target_season_id: id,
    /** Without it: every tour with a tour season in the source season. */
    tour_ids: z.array(id).min(1, 'Pick at least one tour').max(5000).optional(),
    uplift_percent: percent,
    uplifts: z.array(upliftOverrideSchema).max(500).default([]),
    round_to: z.number().refine((step): step is RoundStep => (ROUND_STEPS as readonly number[]).includes(step), {
      message: `Round to ${ROUND_STEPS.join(', ')}`,
    }),
    round_mode: z.enum(['nearest', 'up'], { error: 'Round to the nearest or up' }).default('nearest'),
    /** A price ending (9: 1,249) instead of a multiple of round_to. */
    ending: z.number().int('An ending is a whole number').min(0, 'An ending is 0 to 999').max(999, 'An ending is 0 to 999').nullable().default(null),
    shift: z.enum(['year', 'weeks'], { error: "Move dates by a 'year' or 52 'weeks'" }).default('year'),
    /** Tours already in the target season: skipped (false), or their prices replaced by the rolled ones. */
    replace_existing: z.boolean({ error: 'Say whether to replace tour seasons already in the target season' }).default(false),
    parts: z.array(z.enum(ROLLOVER_PARTS, { error: `Parts are ${ROLLOVER_PARTS.join(', ')}` })).default([]),
  })
  .superRefine((body, context) => {
    if (body.source_season_id === body.target_season_id) {
      context.addIssue({ code: 'custom', path: ['target_season_id'], message: 'The target season must differ from the source season' });
    }
  });
export type RolloverRequest = z.output<typeof rolloverRequestSchema>;
export type RolloverRequestInput = z.input<typeof rolloverRequestSchema>;

/** One price as the preview shows it before or after the roll-over. */
export type RolledPriceValues = {
  gross: number;
  formula: string | null;
  net: number;
  cost: number;
  profit: number | null;
  /** Profit as a percentage of cost, to two places; null when unpriced. */
  margin: number | null;
  markup_rate_id: number | null;
};

export type RolledPrice = {
  before: RolledPriceValues;
  after: RolledPriceValues;
  /** Cost after over cost before, in percent to two places; null when there was no cost before. */
  change_percent: number | null;
  below_guardrail: boolean;
  /** The source rate's commission has no rate in the target model: blocks the commit. */
  unmatched_commission: number | null;
};

export type RolledCategory = { start: string | null; end: string | null; nights: number | null; prices: RolledPrice[] };

export type RolledTourSeason = {
  source_tour_season_id: number;
  markup_model_id: number;
  model_name: string;
  currency_id: number | null;
  currency_name: string | null;
  currency_rate: number | null;
  uplift_percent: number;
};

/** `rows`: price rows (prices, bikes, variations); reductions are counted apart. */
export type RolledTotals = { rows: number; gross_before: number; gross_after: number; cost_before: number; cost_after: number; below_guardrail: number };

/** A supplement or an extra night rolled: its variations are one grid, as on its tab. */
export type RolledExtra = { name: string; prices: RolledPrice[] };

export type RolledTour = {
  tour_id: number;
  tour_code: string;
  tour_name: string;
  /** The tour's first destination, which the export sheets the tour under. */
  destination: string;
  tour_season: RolledTourSeason;
  categories: RolledCategory[];
  bikes: RolledPrice[];
  supplements: RolledExtra[];
  extra_nights: RolledExtra[];
  /** Reductions copied as they are (a percentage or pounds off: no gross to uplift). */
  reductions: number;
  below_guardrail: number;
  /** The tour season already in the target season that this roll-over replaces, and what it holds now; null for a new one. */
  replaces: { tour_season_id: number; rows: number; cost: number } | null;
  /** Why this tour cannot be committed as it stands (an unmatched commission, no exchange rate); empty when it can. */
  problems: string[];
  totals: RolledTotals;
};

export type RolloverPreview = {
  label: string;
  tours: RolledTour[];
  /** Tours that already have a tour season in the target season: left as they are. */
  skipped: { tour_id: number; tour_code: string; tour_name: string; reason: string }[];
  totals: RolledTotals & { tours: number };
  /** Every problem that blocks the commit, naming its tour. */
  problems: string[];
};

export type RolloverCommitResult = {
  change_set_id: number;
  label: string;
  tour_seasons: { tour_id: number; tour_season_id: number }[];
  rows: number;
};

/** A tour the roll-over can take: it has a tour season in the source season. */
export type RolloverCandidate = {
  tour_id: number;
  tour_code: string;
  tour_name: string;
  destination_ids: number[];
  currency_id: number | null;
  markup_model_id: number | null;
  /** It already has a tour season in the target season. */
  in_target: boolean;
};
