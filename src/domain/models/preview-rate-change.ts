// The what-if of a currency-rate or model-rate change, worked out from the season's pricing
// inputs (SeasonPricingInputs) without the server: the same rows, the same price maths and the
// same summary as the server's preview (planRecompute and summarisePlan in src/server), so the
// bulk pricing page can answer as staff type. tests/api/bulk-pricing-browser-preview.test.ts
// holds the two to the same answers.

import { computePrice, effectiveRateId, type MarkupRate } from '../price-maths.js';
import { currencyRateKey, PRICE_LIST_KINDS, PRICE_LIST_NAMES } from '../pricing/price-lists.js';
import { guardrailOf } from './margin-guardrail.js';
import { markupModelSaveSchema, type MarkupModel, type MarkupModelSave } from './markup-model.js';
import { foreignRatesMessage, planModelChange, strandedRatesMessage } from './model-change.js';
import type { RateChangePreview } from './rate-change-preview.js';
import { TourCodeImpacts } from './tour-code-impacts.js';
import type { SeasonPricingInputs } from './season-pricing-inputs.js';

export type RateChangeProposal = {
  /** The tour seasons whose stored rows follow the changed rate. */
  tourSeasonIds: readonly number[];
  rates?: ReadonlyMap<number, Omit<MarkupRate, 'id'>>;
  /** Keyed by currencyRateKey. */
  currencyRates?: ReadonlyMap<string, number>;
  /** Rows that move to another rate (a model change that removes rates). */
  moved?: number;
};

export type PreviewOutcome = { preview: RateChangePreview; error?: undefined } | { preview?: undefined; error: string };

/** How many stored rows change, and the cost and profit per tour code before and after. */
export function previewRateChange(inputs: SeasonPricingInputs, proposal: RateChangeProposal): RateChangePreview {
  const started = performance.now();
  const inScope = new Set(proposal.tourSeasonIds);
  const seasons = new Map(inputs.tour_seasons.filter((season) => inScope.has(season.id)).map((season) => [season.id, season]));
  const modelRates = new Map<number, Map<number, MarkupRate>>();
  for (const { markup_model_id, ...rate } of inputs.rates) {
    const rates = modelRates.get(markup_model_id) ?? new Map<number, MarkupRate>();
    rates.set(rate.id, { ...rate, ...proposal.rates?.get(rate.id) });
    modelRates.set(markup_model_id, rates);
  }
  const proposedCurrencyRate = (season: SeasonPricingInputs['tour_seasons'][number]) => {
    const key = season.currency_id === null ? null : currencyRateKey(season.currency_id, season.season_id);
    return key !== null && proposal.currencyRates?.has(key) ? (proposal.currencyRates.get(key) ?? null) : season.currency_rate;
  };
  const counts = { prices: 0, bikes: 0, extras: 0 };
  const impacts = new TourCodeImpacts();
  let rowsChecked = 0;
  for (const list of PRICE_LIST_NAMES) {
    const rows = inputs.lists[list];
    const kind = PRICE_LIST_KINDS[list];
    for (let i = 0; i < rows.tour_season_id.length; i++) {
      const season = seasons.get(rows.tour_season_id[i]);
      if (!season) continue;
      rowsChecked++;
      const rate = season.markup_model_id === null ? undefined : modelRates.get(season.markup_model_id)?.get(effectiveRateId(rows.markup_rate_id[i]));
      const currencyRate = proposedCurrencyRate(season);
      const after = computePrice(
        { gross: rows.gross[i], non_com: rows.non_com[i], adjustment: rows.adjustment[i], markup_rate_id: rows.markup_rate_id[i] },
        rate,
        currencyRate,
        kind,
      );
      // As on the server: a row that cannot be priced keeps its stored cost.
      if (after.missing || (after.net === rows.net[i] && after.cost === rows.cost[i])) continue;
      if (list === 'prices') counts.prices++;
      else if (list === 'bikes') counts.bikes++;
      else counts.extras++;
      impacts.add(season.tour_code, season.id, { net: rows.net[i], cost: rows.cost[i] }, season.currency_rate, after, guardrailOf(season));
    }
  }
  return {
    ...counts,
    rows_checked: rowsChecked,
    tour_seasons: proposal.tourSeasonIds.length,
    moved: proposal.moved ?? 0,
    by_tour_code: impacts.list(),
    ...impacts.belowGuardrail(),
    elapsed_ms: Math.round(performance.now() - started),
  };
}

/** What `PUT currencies/{id}/{season_id} {rate}` proposes: the season's tour seasons in that currency take the rate. */
export function currencyChangeProposal(inputs: SeasonPricingInputs, currencyId: number, seasonId: number, rate: number): RateChangeProposal {
  const tourSeasonIds = inputs.tour_seasons.filter((season) => season.currency_id === currencyId && season.season_id === seasonId).map((season) => season.id);
  return { tourSeasonIds, currencyRates: new Map([[currencyRateKey(currencyId, seasonId), rate]]) };
}

/** `PUT currencies/{id}/{season_id} {rate}` as a what-if. */
export function previewCurrencyChange(inputs: SeasonPricingInputs, currencyId: number, seasonId: number, rate: number): RateChangePreview {
  return previewRateChange(inputs, currencyChangeProposal(inputs, currencyId, seasonId, rate));
}

export type ProposalOutcome = { proposal: RateChangeProposal; error?: undefined } | { proposal?: undefined; error: string };

/** What `PUT models/{season_id}/{model_id} {model, removedRatesIds}` proposes, refused as the server refuses it. */
export function modelChangeProposal(inputs: SeasonPricingInputs, stored: MarkupModel, save: MarkupModelSave): ProposalOutcome {
  const parsed = markupModelSaveSchema.safeParse(save);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'The model is not valid' };
  const { model, removedRatesIds } = parsed.data;
  const removed = new Set(removedRatesIds);
  const used = new Map<number, number>();
  for (const list of PRICE_LIST_NAMES) {
    for (const rateId of inputs.lists[list].markup_rate_id) if (rateId !== null && removed.has(rateId)) used.set(rateId, (used.get(rateId) ?? 0) + 1);
  }
  const plan = planModelChange(stored.rates, model.rates, removedRatesIds, new Set(used.keys()));
  if (plan.foreign.length) return { error: foreignRatesMessage(plan.foreign) };
  if (plan.stranded.length) return { error: strandedRatesMessage(plan.stranded) };
  const tourSeasonIds = inputs.tour_seasons.filter((season) => season.markup_model_id === stored.id).map((season) => season.id);
  const moved = [...plan.moves.keys()].reduce((total, rateId) => total + (used.get(rateId) ?? 0), 0);
  return { proposal: { tourSeasonIds, rates: plan.rateOverrides, moved } };
}

/** `PUT models/{season_id}/{model_id} {model, removedRatesIds}` as a what-if, refused as the server refuses it. */
export function previewModelChange(inputs: SeasonPricingInputs, stored: MarkupModel, save: MarkupModelSave): PreviewOutcome {
  const planned = modelChangeProposal(inputs, stored, save);
  return planned.error === undefined ? { preview: previewRateChange(inputs, planned.proposal) } : { error: planned.error };
}
