import { z } from 'zod';

/**
 * One price as the history keeps it: what staff type (gross or its formula, non-com, the rate
 * that sets the commission, adjustment) and what the server computed from it (net, cost).
 */
export const priceSnapshotSchema = z.object({
  gross: z.number(),
  formula: z.string().nullable(),
  non_com: z.number(),
  markup_rate_id: z.number().nullable(),
  adjustment: z.number(),
  net: z.number(),
  cost: z.number(),
});
export type PriceSnapshot = z.infer<typeof priceSnapshotSchema>;
export const PRICE_SNAPSHOT_FIELDS = Object.keys(priceSnapshotSchema.shape) as (keyof PriceSnapshot)[];

/** The priced rows the history follows, named as its changes name them. */
export const PRICE_ROW_KINDS = ['price', 'bike', 'party_extra_variation', 'room_extra_variation'] as const;
export type PriceRowKind = (typeof PRICE_ROW_KINDS)[number];

/** What kind of save wrote a change set. */
/** 'extras' is what supplements and extra nights saves were recorded as before they had a source each. */
export const PRICE_CHANGE_SOURCES = ['pricing', 'bikes', 'supplements', 'extra_nights', 'extras', 'reductions', 'rates', 'import'] as const;
export type PriceChangeSource = (typeof PRICE_CHANGE_SOURCES)[number];

/** One changed row: before is null for a new row, after is null for a removed one. */
export const priceChangeSchema = z.object({
  tour_season_id: z.number(),
  kind: z.enum(PRICE_ROW_KINDS),
  row_id: z.number(),
  before: priceSnapshotSchema.nullable(),
  after: priceSnapshotSchema.nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const changeSetSummarySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  author: z.string().nullable(),
  source: z.string(),
  row_count: z.number(),
  /** After minus before, summed over the changed rows' cost, in pounds. */
  cost_change: z.number(),
  /** Rows the save confirmed leaving under the model's margin guardrail. */
  below_guardrail: z.number(),
});
export type ChangeSetSummary = z.infer<typeof changeSetSummarySchema>;

export const changeSetSchema = changeSetSummarySchema.extend({ changes: z.array(priceChangeSchema) });
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** The fields whose value differs between two snapshots of a row. */
export function changedFields(before: PriceSnapshot | null, after: PriceSnapshot | null): (keyof PriceSnapshot)[] {
  if (before === null || after === null) return PRICE_SNAPSHOT_FIELDS;
  return PRICE_SNAPSHOT_FIELDS.filter((field) => before[field] !== after[field]);
}
