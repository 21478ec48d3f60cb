import type { Kysely } from 'kysely';
import type { TourSeason } from '../../../domain/tours/tour-season-schema.js';
import type { Database } from '../../db/schema.js';

/** A tour's seasons, each with its pricing model (and rates) and its currency at the season's rate. */
export async function loadTourSeasons(db: Kysely<Database>, tourId: number): Promise<TourSeason[]> {
  const rows = await db
    .selectFrom('tour_seasons as ts')
    .innerJoin('seasons as s', 's.id', 'ts.season_id')
    .select(['ts.id', 'ts.season_id', 's.name', 'ts.deposit', 'ts.markup_model_id', 'ts.currency_id', 'ts.live', 'ts.version'])
    .where('ts.tour_id', '=', tourId)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  const modelIds = unique(rows.map((row) => row.markup_model_id));
  const currencyIds = unique(rows.map((row) => row.currency_id));
  const models = modelIds.length ? await db.selectFrom('markup_models').select(['id', 'name']).where('id', 'in', modelIds).execute() : [];
  const rates = modelIds.length
    ? await db
        .selectFrom('markup_rates')
        .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
        .where('markup_model_id', 'in', modelIds)
        .orderBy('id')
        .execute()
    : [];
  const currencies = currencyIds.length ? await db.selectFrom('currencies').select(['id', 'name', 'symbol']).where('id', 'in', currencyIds).execute() : [];
  const seasonRates = currencyIds.length
    ? await db.selectFrom('currency_rates').select(['currency_id', 'season_id', 'rate']).where('currency_id', 'in', currencyIds).execute()
    : [];

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
