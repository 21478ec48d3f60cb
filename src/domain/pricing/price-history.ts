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

/** A reduction as the history keeps it: its amounts (a percentage off, or an amount in pounds). */
export const reductionSnapshotSchema = z.object({ percent: z.number().nullable(), cost: z.number().nullable() });
export type ReductionSnapshot = z.infer<typeof reductionSnapshotSchema>;
export const REDUCTION_SNAPSHOT_FIELDS = Object.keys(reductionSnapshotSchema.shape) as (keyof ReductionSnapshot)[];

/** A row as a change keeps it: a price, or a reduction's amounts (whose cost is not a price's cost). */
export const rowSnapshotSchema = z.union([priceSnapshotSchema, reductionSnapshotSchema]);
export type RowSnapshot = PriceSnapshot | ReductionSnapshot;
export type SnapshotField = keyof PriceSnapshot | keyof ReductionSnapshot;

/** The rows the history follows, named as its changes name them. */
export const PRICE_ROW_KINDS = ['price', 'bike', 'party_extra_variation', 'room_extra_variation', 'reduction'] as const;
export type PriceRowKind = (typeof PRICE_ROW_KINDS)[number];

/** The fields a kind's snapshots keep. */
export const snapshotFieldsOf = (kind: PriceRowKind): readonly SnapshotField[] => (kind === 'reduction' ? REDUCTION_SNAPSHOT_FIELDS : PRICE_SNAPSHOT_FIELDS);

/** Whether a snapshot is a price's (a reduction's has no gross). */
export const isPriceSnapshot = (snapshot: RowSnapshot): snapshot is PriceSnapshot => 'gross' in snapshot;

/** What kind of save wrote a change set ('extras': supplements and extra nights before they had a source each). */
export const PRICE_CHANGE_SOURCES = ['pricing', 'bikes', 'supplements', 'extra_nights', 'extras', 'reductions', 'rates', 'import', 'rollover'] as const;
export type PriceChangeSource = (typeof PRICE_CHANGE_SOURCES)[number];

/** A model rate's values, as a rates change records them. */
const rateValuesSchema = z.object({ id: z.number(), commission: z.number(), markup: z.number(), supplement_markup: z.number() });
export type RateValues = z.infer<typeof rateValuesSchema>;

/**
 * The inputs a 'rates' change set changed, recorded beside the rows it repriced so a rollback can
 * put the rates back and recompute (restoring net and cost alone would disagree with the model).
 * A currency form save may change several seasons' rates in one set.
 */
export const ratesChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('model'), model_id: z.number(), rates_before: z.array(rateValuesSchema), rates_after: z.array(rateValuesSchema) }),
  z.object({
    kind: z.literal('currency'),
    currency_id: z.number(),
    rates: z.array(z.object({ season_id: z.number(), before: z.number().nullable(), after: z.number() })),
  }),
]);
export type RatesChange = z.infer<typeof ratesChangeSchema>;

/**
 * What a 'rollover' set did (issue 31): its label, and the tour seasons it created with the version
 * each had when it committed, so its rollback removes exactly those and refuses when one changed.
 * The rollback's own set records `rolled_back` (the set it undid) and creates nothing.
 */
export const rolloverRecordSchema = z.object({
  label: z.string(),
  created: z.array(z.object({ tour_id: z.number(), tour_season_id: z.number(), version: z.number() })),
  /**
   * Tour seasons already in the target season whose rows it replaced: the version it left, and
   * everything they held before (their own fields, and every row of every table, ids included),
   * which the rollback puts back.
   */
  replaced: z
    .array(
      z.object({
        tour_id: z.number(),
        tour_season_id: z.number(),
        version: z.number(),
        fields: z.record(z.string(), z.unknown()),
        tables: z.array(z.object({ table: z.string(), rows: z.array(z.record(z.string(), z.unknown())) })),
      }),
    )
    .default([]),
  rolled_back: z.number().nullable(),
});
export type RolloverRecord = z.input<typeof rolloverRecordSchema>;

/** What a rollback of a rates change set did: the change set it wrote, over how many seasons and rows. */
export const rollbackResultSchema = z.object({ change_set_id: z.number(), seasons: z.number(), rows: z.number() });
export type RollbackResult = z.infer<typeof rollbackResultSchema>;

/** One changed row: before is null for a new row, after is null for a removed one. */
export const priceChangeSchema = z.object({
  tour_season_id: z.number(),
  kind: z.enum(PRICE_ROW_KINDS),
  row_id: z.number(),
  before: rowSnapshotSchema.nullable(),
  after: rowSnapshotSchema.nullable(),
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

export const changeSetSchema = changeSetSummarySchema.extend({
  changes: z.array(priceChangeSchema),
  /** The whole set, every season's rows counted (a /pgt change spans seasons): what a rollback restores. */
  span: z.object({ seasons: z.number(), rows: z.number() }).optional(),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** A change set read where only prices can be in it (a price tab's, not the reductions'). */
export type PriceChangeSet = Omit<ChangeSet, 'changes'> & {
  changes: (Omit<PriceChange, 'before' | 'after'> & { before: PriceSnapshot | null; after: PriceSnapshot | null })[];
};

const valueOf = (snapshot: RowSnapshot, field: SnapshotField): unknown => (snapshot as Record<string, unknown>)[field];

/** The fields whose value differs between two snapshots of a row (all of them for an added or removed row). */
export function changedFields(before: RowSnapshot | null, after: RowSnapshot | null): SnapshotField[] {
  const either = before ?? after;
  if (either === null) return [];
  const fields = isPriceSnapshot(either) ? PRICE_SNAPSHOT_FIELDS : REDUCTION_SNAPSHOT_FIELDS;
  if (before === null || after === null) return [...fields];
  return fields.filter((field) => valueOf(before, field) !== valueOf(after, field));
}

/** A field's value in a snapshot, or undefined when its kind has no such field. */
export const snapshotValue = (snapshot: RowSnapshot, field: SnapshotField) => valueOf(snapshot, field) as string | number | null | undefined;
