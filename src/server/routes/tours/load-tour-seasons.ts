import type { Kysely } from 'kysely';
import type { TourSeason } from '../../../domain/tours/tour-season-schema.js';
import { listCurrencyNames, listSeasonRatesOfCurrencies } from '../../db/repositories/currency-repository.js';
import { listModelNames, listRatesOfModels } from '../../db/repositories/markup-model-repository.js';
import { listTourSeasonRows } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';

/** A tour's seasons, each with its pricing model (and rates) and its currency at the season's rate. */
export async function loadTourSeasons(db: Kysely<Database>, tourId: number): Promise<TourSeason[]> {
  const rows = await listTourSeasonRows(db, tourId);
  const modelIds = unique(rows.map((row) => row.markup_model_id));
  const currencyIds = unique(rows.map((row) => row.currency_id));
  const models = modelIds.length ? await listModelNames(db, modelIds) : [];
  const rates = modelIds.length ? await listRatesOfModels(db, modelIds) : [];
  const currencies = currencyIds.length ? await listCurrencyNames(db, currencyIds) : [];
  const seasonRates = currencyIds.length ? await listSeasonRatesOfCurrencies(db, currencyIds) : [];

  return rows.map((row) => {
    const model = models.find((candidate) => candidate.id === row.markup_model_id);
    const currency = currencies.find((candidate) => candidate.id === row.currency_id);
    // Prices use the currency's rate for this season only (as the pricing recompute does).
    const seasonRate = seasonRates.find((rate) => rate.currency_id === row.currency_id && rate.season_id === row.season_id)?.rate;
    return {
      ...row,
      model: model
        ? {
            ...model,
            rates: rates
              .filter((rate) => rate.markup_model_id === model.id)
              .map(({ id, commission, markup, supplement_markup }) => ({ id, commission, markup, supplement_markup })),
          }
        : null,
      currency: currency ? { id: currency.id, name: currency.name, symbol: currency.symbol, rate: seasonRate ?? null } : null,
    };
  });
}

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
