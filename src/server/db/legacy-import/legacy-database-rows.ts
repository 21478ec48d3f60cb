// Legacy rows as rows of the new schema, table by table, in the order they can be written.
// Only the columns the legacy data has are written: a re-import leaves the rest (a tour's
// content, a season's model) as staff set them.

import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import type { GridPositions } from './grid-positions.js';
import type { LegacyData } from './legacy-tables.js';
import type { RepricedRows, StoredPriceColumns } from './reprice-legacy-rows.js';
import type { UpsertPlan } from './upsert-rows.js';

type Row<T extends keyof Database> = Insertable<Database[T]>;
export type TableWrite = { plan: UpsertPlan; rows: Record<string, unknown>[] };

const json = (value: unknown) => JSON.stringify(value);

function write<T extends keyof Database & string>(
  table: T,
  rows: Row<T>[],
  plan: Omit<UpsertPlan, 'table' | 'key'> & { key?: readonly string[] } = {},
): TableWrite {
  return { plan: { table, key: ['id'], ...plan }, rows };
}

function priceColumns(repriced: Map<number, StoredPriceColumns>, id: number): StoredPriceColumns {
  const columns = repriced.get(id);
  // Every price row went through repricing; a miss is a bug in the import, not in the file.
  if (!columns) throw new Error(`No repriced values for price row ${id}.`);
  return columns;
}

export function legacyDatabaseRows(data: LegacyData, repriced: RepricedRows, positions: GridPositions): TableWrite[] {
  const prices = repriced.columns;
  return [
    write(
      'seasons',
      data.seasons.map(({ id, name }) => ({ id, name })),
    ),
    write(
      'currencies',
      data.currencies.map(({ id, name, symbol }) => ({ id, name, symbol: symbol ?? '' })),
    ),
    write(
      'currency_rates',
      data.exchange_rates.map(({ currency_id, season_id, rate }) => ({ currency_id, season_id, rate })),
      { key: ['currency_id', 'season_id'] },
    ),
    write(
      'markup_models',
      data.markup_models.map(({ id, name, season_id }) => ({ id, name, season_id })),
      { versioned: true },
    ),
    write(
      'markup_rates',
      data.markup_rates.map(({ id, markup_model_id, commission, markup, supplement_markup }) => ({
        id,
        markup_model_id,
        commission,
        markup,
        supplement_markup,
      })),
    ),
    write(
      'room_types',
      data.room_types.map(({ id, name, sleeps }) => ({ id, name, sleeps: sleeps ?? 0 })),
    ),
    write(
      'accommodation_categories',
      data.accommodation_categories.map(({ id, name }) => ({ id, name })),
    ),
    write(
      'bikes',
      data.bikes.map(({ id, name, short_name, default_order }) => ({ id, name, short_name, default_order: default_order ?? 99 })),
    ),
    // Legacy boats have no description; '' until staff write one, which a re-import keeps.
    write(
      'boats',
      data.boats.map(({ id, name }) => ({ id, name, description: '' })),
      { insertOnly: ['description'] },
    ),
    write(
      'decks',
      data.decks.map(({ id, name }) => ({ id, name })),
    ),
    write(
      'tours',
      data.tours.map((tour) => ({
        id: tour.id,
        name: tour.name,
        name_short: tour.name_short ?? '',
        tour_code: tour.tour_code ?? '',
        slug: tour.slug,
        status: tour.status,
        deleted: tour.deleted,
        nights: json(tour.nights),
        difficulty: json(tour.difficulty),
        length: tour.length ?? '',
        months: json(tour.months),
        guidance: tour.guidance,
        bike_and_boat: tour.bike_and_boat,
        balance_due: tour.balance_due ?? 0,
        solo_cyclists_allowed: tour.solo_cyclists_allowed,
        operator_id: tour.operator_id,
      })),
      { versioned: true },
    ),
    write(
      'tour_seasons',
      data.tour_seasons.map(({ id, tour_id, season_id, live, deposit, currency_id, markup_model_id }) => ({
        id,
        tour_id,
        season_id,
        live,
        deposit,
        currency_id,
        markup_model_id,
      })),
      { versioned: true },
    ),
    write(
      'tour_routes',
      data.tour_routes.map(({ id, tour_season_id, name }) => ({ id, tour_season_id, name })),
    ),
    write(
      'tour_pricing_categories',
      data.tour_pricing_categories.map((row) => ({
        id: row.id,
        tour_season_id: row.tour_season_id,
        start: row.start,
        end: row.end,
        nights: row.nights,
        guided: row.guided,
        boat_id: row.boat_id,
        tour_route_id: row.tour_route_id,
        specific_dates: json(row.specific_dates),
        restricted_dates: json(row.restricted_dates),
        restricted_days: json(row.restricted_days),
        position: positions.categories.get(row.id) ?? 0,
      })),
    ),
    write(
      'tour_prices',
      data.tour_prices.map((row) => ({
        id: row.id,
        tour_pricing_category_id: row.tour_pricing_category_id,
        tour_season_id: row.tour_season_id,
        room_type_id: row.room_type_id,
        accommodation_category_id: row.accommodation_category_id,
        deck_id: row.deck_id,
        ...priceColumns(prices.tour_prices, row.id),
        position: positions.prices.get(row.id) ?? 0,
      })),
    ),
    write(
      'tour_bikes',
      data.tour_bikes.map((row) => ({
        id: row.id,
        tour_season_id: row.tour_season_id,
        bike_id: row.bike_id,
        nights: anyNightsAsNull(row.nights),
        boat_id: row.boat_id,
        gallery_id: row.gallery_id,
        ...priceColumns(prices.tour_bikes, row.id),
        order: row.order ?? 0,
      })),
    ),
    write(
      'tour_party_extras',
      data.tour_party_extras.map((row) => ({
        id: row.id,
        tour_season_id: row.tour_season_id,
        name: row.name ?? '',
        guidance: row.guidance ?? 0,
        boat_id: row.boat_id,
        nights: anyNightsAsNull(row.nights),
        order: row.order ?? 0,
      })),
    ),
    write(
      'tour_party_extra_variations',
      data.tour_party_extra_variations.map((row) => ({
        id: row.id,
        tour_party_extra_id: row.tour_party_extra_id,
        accommodation_category_id: row.accommodation_category_id,
        bike_id: row.bike_id,
        min_pax: row.min_pax,
        max_pax: row.max_pax,
        ...priceColumns(prices.tour_party_extra_variations, row.id),
        position: positions.partyExtraVariations.get(row.id) ?? 0,
      })),
    ),
    write(
      'tour_room_extras',
      data.tour_room_extras.map(({ id, tour_season_id, name, pre, post }) => ({ id, tour_season_id, name: name ?? '', pre, post })),
    ),
    write(
      'tour_room_extra_variations',
      data.tour_room_extra_variations.map((row) => ({
        id: row.id,
        tour_room_extra_id: row.tour_room_extra_id,
        start: row.start,
        end: row.end,
        room_type_id: row.room_type_id,
        accommodation_category_id: row.accommodation_category_id,
        specific_dates: json(row.specific_dates),
        restricted_dates: json(row.restricted_dates),
        restricted_days: json(row.restricted_days),
        ...priceColumns(prices.tour_room_extra_variations, row.id),
        position: positions.roomExtraVariations.get(row.id) ?? 0,
      })),
    ),
    write(
      'tour_reductions',
      data.tour_reductions.map((row) => ({
        id: row.id,
        tour_season_id: row.tour_season_id,
        order: row.order ?? 0,
        percent: row.percent,
        cost: row.cost,
        room_type_id: row.room_type_id,
        deck_id: row.deck_id,
        output_quantity: row.output_quantity,
        output_min: row.output_min,
        output_max: row.output_max,
        input_quantity: row.input_quantity,
        input_min: row.input_min,
        input_max: row.input_max,
        child_calc_room: row.child_calc_room,
        child_calc_accommodation: row.child_calc_accommodation,
      })),
    ),
  ];
}

/**
 * The legacy bikes and supplements store 0 nights where they apply to any length of holiday (its
 * column default; every legacy supplement has it); here that is no nights, null, which the
 * screens show as Any. A real length stays as it is.
 */
function anyNightsAsNull(nights: number | null): number | null {
  return nights === 0 ? null : nights;
}
