// What to do with rows that point at something the file (or, for operators, the database) does
// not hold. A row that cannot exist without its parent (a price without its price group) is
// skipped; a reference the schema allows to be empty (a room type, a markup rate) is emptied.
// Every such decision is counted in the warning log; valid rows are never dropped.

import type { WarningLog } from './import-warnings.js';
import { LEGACY_TABLE_NAMES, type LegacyData, type LegacyRow, type LegacyTableName } from './legacy-tables.js';

type Target = LegacyTableName | 'operators';
type Reference = { column: string; target: Target; required: boolean };

const needs = (column: string, target: Target): Reference => ({ column, target, required: true });
const mayUse = (column: string, target: Target): Reference => ({ column, target, required: false });

const REFERENCES: Partial<Record<LegacyTableName, Reference[]>> = {
  exchange_rates: [needs('currency_id', 'currencies'), needs('season_id', 'seasons')],
  markup_models: [needs('season_id', 'seasons')],
  markup_rates: [needs('markup_model_id', 'markup_models')],
  tours: [mayUse('operator_id', 'operators')],
  tour_seasons: [needs('tour_id', 'tours'), needs('season_id', 'seasons'), mayUse('markup_model_id', 'markup_models'), mayUse('currency_id', 'currencies')],
  tour_routes: [needs('tour_season_id', 'tour_seasons')],
  tour_pricing_categories: [needs('tour_season_id', 'tour_seasons'), mayUse('boat_id', 'boats'), mayUse('tour_route_id', 'tour_routes')],
  tour_prices: [
    needs('tour_pricing_category_id', 'tour_pricing_categories'),
    needs('tour_season_id', 'tour_seasons'),
    mayUse('room_type_id', 'room_types'),
    mayUse('accommodation_category_id', 'accommodation_categories'),
    mayUse('deck_id', 'decks'),
    mayUse('markup_rate_id', 'markup_rates'),
  ],
  tour_bikes: [needs('tour_season_id', 'tour_seasons'), needs('bike_id', 'bikes'), mayUse('boat_id', 'boats'), mayUse('markup_rate_id', 'markup_rates')],
  tour_party_extras: [needs('tour_season_id', 'tour_seasons'), mayUse('boat_id', 'boats')],
  tour_party_extra_variations: [
    needs('tour_party_extra_id', 'tour_party_extras'),
    mayUse('accommodation_category_id', 'accommodation_categories'),
    mayUse('bike_id', 'bikes'),
    mayUse('markup_rate_id', 'markup_rates'),
  ],
  tour_room_extras: [needs('tour_season_id', 'tour_seasons')],
  tour_room_extra_variations: [
    needs('tour_room_extra_id', 'tour_room_extras'),
    mayUse('room_type_id', 'room_types'),
    mayUse('accommodation_category_id', 'accommodation_categories'),
    mayUse('markup_rate_id', 'markup_rates'),
  ],
  tour_reductions: [needs('tour_season_id', 'tour_seasons'), mayUse('room_type_id', 'room_types'), mayUse('deck_id', 'decks')],
};

type AnyRow = Record<string, unknown> & { id?: number };

const rowName = (row: AnyRow, index: number) => row.id ?? index + 1;

function checkTable<Row extends AnyRow>(
  table: LegacyTableName,
  rows: readonly Row[],
  exists: (target: Target, id: number) => boolean,
  warnings: WarningLog,
): Row[] {
  const references = REFERENCES[table] ?? [];
  const kept: Row[] = [];
  rows.forEach((original, index) => {
    let row = original;
    for (const { column, target, required } of references) {
      const value = row[column];
      if (typeof value !== 'number') continue;
      // Legacy wrote 0 for "none" in some reference columns (every tour_party_extras.boat_id).
      if (value === 0) {
        warnings.add(table, `${column} 0 (legacy for none) stored as empty`, rowName(row, index));
        row = { ...row, [column]: null };
      } else if (!exists(target, value)) {
        if (required) {
          warnings.add(table, `skipped: ${column} is not in ${target}`, rowName(row, index), value);
          return;
        }
        warnings.add(table, `${column} emptied: not in ${target}`, rowName(row, index), value);
        row = { ...row, [column]: null };
      }
    }
    kept.push(row);
  });
  return kept;
}

/** The data with dangling references resolved, in dependency order so a skipped parent skips its children. */
export function checkReferences(data: LegacyData, operatorIds: ReadonlySet<number>, warnings: WarningLog): LegacyData {
  const keptIds = new Map<Target, Set<number>>([['operators', new Set(operatorIds)]]);
  const exists = (target: Target, id: number) => keptIds.get(target)?.has(id) ?? false;
  const checked: Partial<Record<LegacyTableName, AnyRow[]>> = {};
  for (const table of LEGACY_TABLE_NAMES) {
    const rows = checkTable(table, data[table] as AnyRow[], exists, warnings);
    checked[table] = rows;
    keptIds.set(table, new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id]))));
  }
  const result = checked as LegacyData;
  return alignWithTourSeasons(result, warnings);
}

type TourSeasonChild = { id: number; tour_id?: number | null; tour_season_id: number };

/**
 * Child rows repeat their tour season's tour_id (the schema does not). Where they disagree the
 * tour season wins: it is what the row is stored under. A price whose tour season differs from
 * its price group's is stored under the group's, so it shows where its group does.
 */
function alignWithTourSeasons(data: LegacyData, warnings: WarningLog): LegacyData {
  const tourOfSeason = new Map(data.tour_seasons.map((row) => [row.id, row.tour_id]));
  const warnTour = (table: LegacyTableName, rows: readonly TourSeasonChild[]) => {
    for (const row of rows) {
      if (row.tour_id && row.tour_id !== tourOfSeason.get(row.tour_season_id)) {
        warnings.add(table, "tour_id differs from its tour season's tour (kept under the tour season)", row.id, row.tour_id);
      }
    }
  };
  warnTour('tour_routes', data.tour_routes);
  warnTour('tour_pricing_categories', data.tour_pricing_categories);
  warnTour('tour_prices', data.tour_prices);
  warnTour('tour_bikes', data.tour_bikes);
  warnTour('tour_party_extras', data.tour_party_extras);
  warnTour('tour_room_extras', data.tour_room_extras);
  warnTour('tour_reductions', data.tour_reductions);

  const seasonOfCategory = new Map(data.tour_pricing_categories.map((row) => [row.id, row.tour_season_id]));
  const tour_prices = data.tour_prices.map((row): LegacyRow<'tour_prices'> => {
    const groupSeason = seasonOfCategory.get(row.tour_pricing_category_id) ?? row.tour_season_id;
    if (groupSeason === row.tour_season_id) return row;
    warnings.add('tour_prices', "tour_season_id differs from its price group's (stored under the group's)", row.id, row.tour_season_id);
    return { ...row, tour_season_id: groupSeason };
  });
  const seasonOfRoute = new Map(data.tour_routes.map((row) => [row.id, row.tour_season_id]));
  for (const row of data.tour_pricing_categories) {
    if (row.tour_route_id !== null && seasonOfRoute.get(row.tour_route_id) !== row.tour_season_id) {
      warnings.add('tour_pricing_categories', 'tour_route_id names a route of another tour season', row.id, row.tour_route_id);
    }
  }
  return { ...data, tour_prices };
}
