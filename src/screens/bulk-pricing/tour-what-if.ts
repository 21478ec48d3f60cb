// One tour season's prices under an unsaved model or currency-rate change, row by row, worked out
// as the season-wide preview works out each row (previewRateChange), so the grid's rows add up
// to the prices' share of the preview's figure for the tour code.

import type { RateChangeProposal } from '../../domain/models/preview-rate-change';
import { computePrice, resolveRate, type MarkupRate, type PriceInput } from '../../domain/price-maths';
import { currencyRateKey } from '../../domain/pricing/price-lists';
import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing';

/** A pending change staff are looking at: what it is called on the page, and what it proposes. */
export type WhatIf = { label: string; proposal: RateChangeProposal };

export type RowWhatIf = { current: number; next: number; change: number };

export type TourWhatIf = {
  rows: ReadonlyMap<string, RowWhatIf>;
  /** Rows the save would rewrite (their net or cost moves). */
  changed: number;
  /** The sum of the rows' changes, to the penny. */
  costChange: number;
};

/** A stored price row: what prices it, and the net and cost stored for it. */
export type StoredPriceRow = { key: string; input: PriceInput; net: number; cost: number };

const toPence = (value: number) => Math.round(value * 100) / 100;

/** The rates and currency rate a proposal gives a tour season, or null when it does not touch it. */
export function proposedRates(context: TourSeasonPricingContext, proposal: RateChangeProposal): { rates: MarkupRate[]; currencyRate: number | null } | null {
  if (!proposal.tourSeasonIds.includes(context.id)) return null;
  const rates = (context.model?.rates ?? []).map((rate) => ({ ...rate, ...proposal.rates?.get(rate.id) }));
  const key = context.currency ? currencyRateKey(context.currency.id, context.season_id) : null;
  const currencyRate = key !== null && proposal.currencyRates?.has(key) ? (proposal.currencyRates.get(key) ?? null) : (context.currency?.rate ?? null);
  return { rates, currencyRate };
}

/**
 * Each row's stored cost, its cost under the proposal and the change. As on the server, a row the
 * proposal cannot price keeps its stored cost.
 */
export function tourWhatIf(context: TourSeasonPricingContext, proposal: RateChangeProposal, rows: readonly StoredPriceRow[]): TourWhatIf | null {
  const proposed = proposedRates(context, proposal);
  if (proposed === null) return null;
  const byKey = new Map<string, RowWhatIf>();
  let changed = 0;
  let costChange = 0;
  for (const row of rows) {
    const after = computePrice(row.input, resolveRate(proposed.rates, row.input.markup_rate_id), proposed.currencyRate, 'tour');
    const moves = !after.missing && (after.net !== row.net || after.cost !== row.cost);
    const next = moves ? after.cost : row.cost;
    if (moves) changed += 1;
    costChange += next - row.cost;
    byKey.set(row.key, { current: row.cost, next, change: toPence(next - row.cost) });
  }
  return { rows: byKey, changed, costChange: toPence(costChange) };
}
