import type { Kysely } from 'kysely';
import type { MarkupRate } from '../../domain/price-maths.js';
import { currencyRateKey } from '../../domain/pricing/price-lists.js';
import { listRatesOfModels } from '../db/repositories/markup-model-repository.js';
import { listMathsInputsOfTourSeasons } from '../db/repositories/tour-season-repository.js';
import type { Database } from '../db/schema.js';

export type SeasonMathsInputs = { rates: MarkupRate[]; currencyRate: number | null };

/** Proposed values that replace stored ones, for a what-if preview before anything is saved. */
export type MathsOverrides = {
  rates?: ReadonlyMap<number, Omit<MarkupRate, 'id'>>;
  /** Keyed `${currency_id}:${season_id}`. */
  currencyRates?: ReadonlyMap<string, number>;
};

export { currencyRateKey };

/**
 * Model rates and currency rate of many tour seasons in two queries, whatever their number, so a
 * season-wide recompute does not query per tour.
 */
export async function loadSeasonMathsInputs(
  db: Kysely<Database>,
  tourSeasonIds: number[],
  overrides: MathsOverrides = {},
): Promise<Map<number, SeasonMathsInputs>> {
  const result = new Map<number, SeasonMathsInputs>();
  if (tourSeasonIds.length === 0) return result;
  const seasons = await listMathsInputsOfTourSeasons(db, tourSeasonIds);
  const modelIds = [...new Set(seasons.map((season) => season.markup_model_id).filter((modelId): modelId is number => modelId !== null))];
  const rates = modelIds.length ? await listRatesOfModels(db, modelIds) : [];
  const ratesByModel = new Map<number, MarkupRate[]>();
  for (const rate of rates) {
    const proposed = overrides.rates?.get(rate.id);
    const list = ratesByModel.get(rate.markup_model_id) ?? [];
    list.push({ id: rate.id, commission: rate.commission, markup: rate.markup, supplement_markup: rate.supplement_markup, ...proposed });
    ratesByModel.set(rate.markup_model_id, list);
  }
  for (const season of seasons) {
    const key = season.currency_id === null ? null : currencyRateKey(season.currency_id, season.season_id);
    const currencyRate = key !== null && overrides.currencyRates?.has(key) ? (overrides.currencyRates.get(key) ?? null) : (season.rate ?? null);
    result.set(season.id, { rates: season.markup_model_id ? (ratesByModel.get(season.markup_model_id) ?? []) : [], currencyRate });
  }
  return result;
}
