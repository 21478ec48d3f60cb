// The legacy tables the import reads, with the columns it uses and what each column holds.
// Columns not listed are ignored; a listed column missing from the file is an error, except
// the optional ones (a denormalised tour_id, used only to warn about inconsistencies).

import { z } from 'zod';
import { legacyValue as v } from './legacy-values.js';

const priceColumns = {
  formula: v.optionalText(),
  gross: v.number(),
  non_com: v.number(),
  net: v.number(),
  adjustment: v.number(),
  cost: v.number(),
  markup_rate_id: v.optionalId(),
};

const dateRules = { specific_dates: v.dates(), restricted_dates: v.dates(), restricted_days: v.integers() };

/** In dependency order: a table only refers to tables above it. */
export const LEGACY_TABLES = {
  seasons: z.object({ id: v.id(), name: v.text() }),
  currencies: z.object({ id: v.id(), name: v.text(), symbol: v.optionalText() }),
  exchange_rates: z.object({ currency_id: v.id(), season_id: v.id(), rate: v.number() }),
  markup_models: z.object({ id: v.id(), name: v.text(), season_id: v.id() }),
  markup_rates: z.object({ id: v.id(), markup_model_id: v.id(), commission: v.number(), markup: v.number(), supplement_markup: v.number() }),
  room_types: z.object({ id: v.id(), name: v.text(), sleeps: v.optionalInteger() }),
  accommodation_categories: z.object({ id: v.id(), name: v.text() }),
  bikes: z.object({ id: v.id(), name: v.text(), short_name: v.optionalText(), default_order: v.optionalInteger() }),
  boats: z.object({ id: v.id(), name: v.text() }),
  decks: z.object({ id: v.id(), name: v.text() }),
  tours: z.object({
    id: v.id(),
    name: v.text(),
    name_short: v.optionalText(),
    tour_code: v.optionalText(),
    slug: v.text(),
    status: v.text(),
    deleted: v.boolean(),
    nights: v.integers(),
    difficulty: v.texts(),
    length: v.optionalText(),
    months: v.months(),
    guidance: v.optionalInteger(),
    bike_and_boat: v.boolean(),
    balance_due: v.optionalInteger(),
    solo_cyclists_allowed: v.boolean(),
    operator_id: v.optionalId(),
  }),
  tour_seasons: z.object({
    id: v.id(),
    tour_id: v.id(),
    season_id: v.id(),
    live: v.boolean(),
    deposit: v.optionalNumber(),
    currency_id: v.optionalId(),
    markup_model_id: v.optionalId(),
  }),
  tour_routes: z.object({ id: v.id(), tour_id: v.optionalId(), name: v.text(), tour_season_id: v.id() }),
  tour_pricing_categories: z.object({
    id: v.id(),
    tour_id: v.optionalId(),
    start: v.optionalDate(),
    end: v.optionalDate(),
    nights: v.optionalInteger(),
    guided: v.optionalBoolean(),
    boat_id: v.optionalId(),
    tour_route_id: v.optionalId(),
    ...dateRules,
    tour_season_id: v.id(),
  }),
  tour_prices: z.object({
    id: v.id(),
    tour_id: v.optionalId(),
    tour_pricing_category_id: v.id(),
    room_type_id: v.optionalId(),
    accommodation_category_id: v.optionalId(),
    deck_id: v.optionalId(),
    tour_season_id: v.id(),
    ...priceColumns,
  }),
  tour_bikes: z.object({
    id: v.id(),
    tour_id: v.optionalId(),
    bike_id: v.id(),
    nights: v.optionalInteger(),
    boat_id: v.optionalId(),
    tour_season_id: v.id(),
    gallery_id: v.optionalInteger(),
    ...priceColumns,
    order: v.optionalInteger(),
  }),
  tour_party_extras: z.object({
    id: v.id(),
    tour_id: v.optionalId(),
    name: v.optionalText(),
    tour_season_id: v.id(),
    order: v.optionalInteger(),
    guidance: v.optionalInteger(),
    boat_id: v.optionalId(),
    nights: v.optionalInteger(),
  }),
  tour_party_extra_variations: z.object({
    id: v.id(),
    tour_party_extra_id: v.id(),
    accommodation_category_id: v.optionalId(),
    bike_id: v.optionalId(),
    min_pax: v.optionalInteger(),
    max_pax: v.optionalInteger(),
    ...priceColumns,
  }),
  tour_room_extras: z.object({ id: v.id(), tour_id: v.optionalId(), name: v.optionalText(), pre: v.boolean(), post: v.boolean(), tour_season_id: v.id() }),
  tour_room_extra_variations: z.object({
    id: v.id(),
    tour_room_extra_id: v.id(),
    accommodation_category_id: v.optionalId(),
    room_type_id: v.optionalId(),
    start: v.optionalDate(),
    end: v.optionalDate(),
    ...dateRules,
    ...priceColumns,
  }),
  tour_reductions: z.object({
    id: v.id(),
    tour_id: v.optionalId(),
    percent: v.optionalNumber(),
    cost: v.optionalNumber(),
    input_min: v.optionalInteger(),
    input_max: v.optionalInteger(),
    input_quantity: v.optionalInteger(),
    output_min: v.optionalInteger(),
    output_max: v.optionalInteger(),
    output_quantity: v.optionalInteger(),
    room_type_id: v.optionalId(),
    deck_id: v.optionalId(),
    tour_season_id: v.id(),
    order: v.optionalInteger(),
    child_calc_room: v.optionalInteger(),
    child_calc_accommodation: v.optionalInteger(),
  }),
};

export type LegacyTableName = keyof typeof LEGACY_TABLES;

export type LegacyRow<T extends LegacyTableName> = z.output<(typeof LEGACY_TABLES)[T]>;

/** Every legacy table's rows, read and checked. */
export type LegacyData = { [T in LegacyTableName]: LegacyRow<T>[] };

export const LEGACY_TABLE_NAMES = Object.keys(LEGACY_TABLES) as LegacyTableName[];

/** Columns a file may leave out: the tour_id that child tables repeat, used only for warnings. */
export function isOptionalLegacyColumn(table: LegacyTableName, column: string): boolean {
  return column === 'tour_id' && table !== 'tour_seasons';
}

/** How a row is named in messages: its id, or its key where the table has no id. */
export function legacyRowKey(table: LegacyTableName, cells: Record<string, unknown>): string {
  if (table === 'exchange_rates') return `currency ${String(cells.currency_id)}, season ${String(cells.season_id)}`;
  return `id ${String(cells.id)}`;
}
