import type { SeasonRate } from '../../../domain/reference/currency.js';
import { listCategoryTours, replaceCategoryTours } from '../../db/repositories/category-repository.js';
import { listCurrencyRateRows, listStoredSeasonRates } from '../../db/repositories/currency-repository.js';
import { listDestinationRegions, replaceDestinationRegions } from '../../db/repositories/destination-repository.js';
import type { ChildList } from '../../db/repositories/reference-repository.js';
import { removeCurrencySeasonRate, storeCurrencySeasonRate } from './currency-season-rate.js';

const groupBy = <T>(rows: T[], key: (row: T) => number, value: (row: T) => unknown) => {
  const groups = new Map<number, unknown[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
};

export const destinationRegions: ChildList = {
  field: 'regions',
  read: async (db, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await listDestinationRegions(db, ids);
    return groupBy(
      rows,
      (row) => row.destination_id,
      (row) => row.region_id,
    );
  },
  write: async (trx, destinationId, value) => {
    const regionIds = [...new Set(value as number[])];
    await replaceDestinationRegions(trx, destinationId, regionIds);
  },
};

export const categoryTours: ChildList = {
  field: 'tours',
  read: async (db, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await listCategoryTours(db, ids);
    return groupBy(
      rows,
      (row) => row.category_id,
      (row) => row.tour_id,
    );
  },
  // The order staff gave is the order the website lists the tours in.
  write: async (trx, categoryId, value) => {
    const tourIds = [...new Set(value as number[])];
    await replaceCategoryTours(trx, categoryId, tourIds);
  },
};

export const currencyRates: ChildList = {
  field: 'rates',
  read: async (db, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await listCurrencyRateRows(db, ids);
    return groupBy(
      rows,
      (row) => row.currency_id,
      (row) => ({ season_id: row.season_id, rate: row.rate }),
    );
  },
  // Only rates that really change are written, so prices are recomputed only where they must be.
  write: async (trx, currencyId, value) => {
    const wanted = value as SeasonRate[];
    const stored = await listStoredSeasonRates(trx, currencyId);
    const storedBySeason = new Map(stored.map((row) => [row.season_id, Number(row.rate)]));
    for (const { season_id, rate } of wanted) {
      if (storedBySeason.get(season_id) !== rate) await storeCurrencySeasonRate(trx, currencyId, season_id, rate);
    }
    const kept = new Set(wanted.map((rate) => rate.season_id));
    for (const seasonId of storedBySeason.keys()) if (!kept.has(seasonId)) await removeCurrencySeasonRate(trx, currencyId, seasonId);
  },
};
