// Reference data: seasons, currencies with season rates, markup models and their rates, room
// types, accommodation categories, bikes, boats, decks, operators, hotels, restaurants, regions
// and destinations. Fixed lists rather than random draws, so every scale shares them.

import { sql, type Kysely } from 'kysely';
import type { MarkupRate } from '../../../domain/price-maths.js';
import { DEFAULT_MARKUP_RATE_ID } from '../../../domain/price-maths.js';
import type { Database } from '../schema.js';
import { insertRows, insertWithIds } from './batch-insert.js';
import type { SeededRandom } from './seeded-random.js';
import {
  BOAT_NAMES,
  DESTINATION_NAMES,
  HOTEL_NAME_PARTS,
  OPERATOR_NAMES,
  REGION_PREFIXES,
  RESTAURANT_STYLES,
  TOWN_NAMES,
  fictionalTelephone,
  slugify,
} from './word-lists.js';

export type Named = { id: number; name: string };
export type SeasonRef = Named & { year: number; modelId: number; currencyId: number };
export type CurrencyRef = Named & { symbol: string; rateBySeason: Map<number, number> };
export type ModelRef = Named & { seasonId: number; kind: 'standard' | 'partner'; rates: MarkupRate[] };
export type RoomTypeRef = Named & { sleeps: number };
export type BikeRef = Named & { shortName: string };
export type RegionRef = Named & { slug: string; destinationId: number };
export type DestinationRef = Named & { slug: string; regionIds: number[] };

export type ReferenceData = {
  seasons: SeasonRef[];
  currencies: CurrencyRef[];
  models: ModelRef[];
  roomTypes: RoomTypeRef[];
  accommodationCategories: Named[];
  bikes: BikeRef[];
  boats: Named[];
  decks: Named[];
  operators: Named[];
  hotels: Named[];
  restaurants: Named[];
  regions: RegionRef[];
  destinations: DestinationRef[];
};

export const SEASON_YEARS = [2026, 2027, 2028] as const;

type CurrencySpec = { name: string; symbol: string; rates: readonly number[] };
/** Foreign units per pound, per season (Sterling is the house currency). */
const CURRENCIES: readonly CurrencySpec[] = [
  { name: 'Euro', symbol: '€', rates: [1.085, 1.1, 1.16] },
  { name: 'Sterling', symbol: '£', rates: [1, 1, 1] },
  { name: 'US Dollars', symbol: '$', rates: [1.27, 1.3, 1.33] },
];

type RateSpec = Omit<MarkupRate, 'id'>;
const COMMISSIONS = [20, 10, 5, 0];
const MARKUPS = { standard: [1.32, 1.31, 1.3, 1.28], partner: [1.3, 1.29, 1.29, 1.28] };
const SUPPLEMENT_MARKUPS = { standard: [1.15, 1.17, 1.19, 1.21], partner: [1.25, 1.27, 1.29, 1.31] };
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Commission 20/10/5/0 with markups like the legacy models' (1.28-1.33), nudged up each season. */
function modelRates(kind: ModelRef['kind'], seasonIndex: number): RateSpec[] {
  return COMMISSIONS.map((commission, index) => ({
    commission,
    markup: Math.min(1.33, round2(MARKUPS[kind][index] + 0.01 * seasonIndex)),
    supplement_markup: SUPPLEMENT_MARKUPS[kind][index],
  }));
}

const ROOM_TYPES: readonly (readonly [string, number])[] = [
  ['Double', 2],
  ['Twin', 2],
  ['Single', 1],
  ['Triple', 3],
  ['Quad', 4],
  ['Family suite', 5],
  ['Group chalet', 10],
  ['Child sharing', 0],
];
const ACCOMMODATION_CATEGORIES = ['Comfort', 'Superior', 'Deluxe', 'Simple'];
const BIKES: readonly (readonly [string, string])[] = [
  ['Hybrid bike', 'Hybrid'],
  ['Electric bike', 'E-bike'],
  ['Road bike', 'Road'],
  ['Tandem', 'Tandem'],
  ['Child bike', 'Child'],
  ['Trailer bike', 'Trailer'],
  ['Own bike', 'Own'],
];
const DECKS = ['Main deck', 'Upper deck', 'Lower deck'];

export async function seedReferenceData(db: Kysely<Database>, random: SeededRandom): Promise<ReferenceData> {
  const currencies = CURRENCIES.map((spec) => ({ id: 0, name: spec.name, symbol: spec.symbol, spec, rateBySeason: new Map<number, number>() }));
  await insertWithIds(db, 'currencies', currencies, (currency) => ({
    id: currency.id,
    name: currency.name,
    symbol: currency.symbol,
    // The general rate is the current (first) season's.
    rate: currency.spec.rates[0],
  }));
  const euro = currencies[0];

  // seasons.model_id and markup_models.season_id point at each other: seasons go in first and
  // get their standard model once the models exist.
  const seasons: SeasonRef[] = SEASON_YEARS.map((year) => ({ id: 0, name: String(year), year, modelId: 0, currencyId: euro.id }));
  await insertWithIds(db, 'seasons', seasons, (season) => ({ id: season.id, name: season.name, model_id: null, currency_id: season.currencyId }));
  const currencyRates = seasons.flatMap((season, seasonIndex) =>
    currencies.map((currency) => {
      currency.rateBySeason.set(season.id, currency.spec.rates[seasonIndex]);
      return { currency_id: currency.id, season_id: season.id, rate: currency.spec.rates[seasonIndex] };
    }),
  );
  await insertRows(db, 'currency_rates', currencyRates);

  const models: (ModelRef & { specs: RateSpec[] })[] = seasons.flatMap((season, seasonIndex) =>
    (['standard', 'partner'] as const).map((kind) => ({
      id: 0,
      name: `${kind === 'standard' ? 'Standard' : 'Partner'} ${season.name}`,
      seasonId: season.id,
      kind,
      rates: [],
      specs: modelRates(kind, seasonIndex),
    })),
  );
  await insertWithIds(db, 'markup_models', models, (model) => ({ id: model.id, name: model.name, season_id: model.seasonId }));
  const rates = models.flatMap((model) => model.specs.map((spec) => ({ ...spec, id: 0, model })));
  await insertWithIds(db, 'markup_rates', rates, (rate) => ({
    id: rate.id,
    markup_model_id: rate.model.id,
    commission: rate.commission,
    markup: rate.markup,
    supplement_markup: rate.supplement_markup,
  }));
  for (const rate of rates) rate.model.rates.push({ id: rate.id, commission: rate.commission, markup: rate.markup, supplement_markup: rate.supplement_markup });
  await ensureDefaultMarkupRate(db, models[0]);

  for (const season of seasons) {
    season.modelId = models.find((model) => model.seasonId === season.id && model.kind === 'standard')!.id;
    await db.updateTable('seasons').set({ model_id: season.modelId }).where('id', '=', season.id).execute();
  }

  const roomTypes: RoomTypeRef[] = ROOM_TYPES.map(([name, sleeps]) => ({ id: 0, name, sleeps }));
  await insertWithIds(db, 'room_types', roomTypes, ({ id, name, sleeps }) => ({ id, name, sleeps }));
  const accommodationCategories: Named[] = ACCOMMODATION_CATEGORIES.map((name) => ({ id: 0, name }));
  await insertWithIds(db, 'accommodation_categories', accommodationCategories, ({ id, name }) => ({ id, name }));
  const bikes: BikeRef[] = BIKES.map(([name, shortName]) => ({ id: 0, name, shortName }));
  await insertWithIds(db, 'bikes', bikes, (bike) => ({ id: bike.id, name: bike.name, short_name: bike.shortName, default_order: bikes.indexOf(bike) + 1 }));
  const decks: Named[] = DECKS.map((name) => ({ id: 0, name }));
  await insertWithIds(db, 'decks', decks, ({ id, name }) => ({ id, name }));

  const boats: Named[] = BOAT_NAMES.map((name) => ({ id: 0, name }));
  await insertWithIds(db, 'boats', boats, (boat) => {
    const index = boats.indexOf(boat);
    return {
      id: boat.id,
      name: boat.name,
      // none, 1 Low, 2 Medium, 3 High
      priority: index % 4 === 0 ? null : index % 4,
      description:
        `<p>${boat.name} is a ${random.pick(['family-run', 'refitted', 'classic', 'modern'])} ` +
        `river barge with ${random.int(10, 40)} cabins, a sun deck and a dining saloon.</p>`,
      gallery_id: null,
    };
  });

  const operators: Named[] = OPERATOR_NAMES.map((name) => ({ id: 0, name }));
  await insertWithIds(db, 'operators', operators, (operator) => {
    const index = operators.indexOf(operator);
    return {
      id: operator.id,
      name: operator.name,
      contact: `Bookings desk, ${fictionalTelephone('landline', 100 + index)}, ${slugify(operator.name)}@example.org`,
    };
  });

  const hotels: Named[] = TOWN_NAMES.flatMap((town, index) => [
    { id: 0, name: `Hotel ${town}` },
    { id: 0, name: `The ${HOTEL_NAME_PARTS.adjectives[index % 8]} ${HOTEL_NAME_PARTS.nouns[(index * 3) % 8]}, ${town}` },
  ]);
  await insertWithIds(db, 'hotels', hotels, (hotel) => ({
    id: hotel.id,
    name: hotel.name,
    content:
      `<p>${hotel.name}: ${random.pick(['a family-run house', 'a restored coaching inn', 'a lakeside hotel', 'a townhouse'])} with ` +
      `${random.int(12, 80)} rooms, ${random.pick(['a garden', 'a spa', 'a terrace restaurant', 'secure bike storage'])}.</p>`,
  }));
  const restaurants: Named[] = TOWN_NAMES.map((town, index) => ({ id: 0, name: `${RESTAURANT_STYLES[index % RESTAURANT_STYLES.length]} ${town}` }));
  await insertWithIds(db, 'restaurants', restaurants, (restaurant) => ({
    id: restaurant.id,
    name: restaurant.name,
    content:
      `<p>${random.pick(['Local dishes', 'Seasonal cooking', 'Fish from the lake', 'Mountain cheeses'])} ` +
      `and a ${random.pick(['short', 'long', 'regional'])} wine list.</p>`,
  }));

  const destinations: (DestinationRef & { index: number })[] = DESTINATION_NAMES.map((name, index) => ({
    id: 0,
    name,
    slug: slugify(name),
    regionIds: [],
    index,
  }));
  await insertWithIds(db, 'destinations', destinations, (destination) => ({
    id: destination.id,
    name: destination.name,
    slug: destination.slug,
    short_description: `Cycling and walking holidays in ${destination.name}.`,
    description:
      `<p>${destination.name} is a land of ${random.pick(['quiet lanes', 'river valleys', 'vineyard terraces', 'lake shores'])} ` +
      `and ${random.pick(['medieval towns', 'fishing villages', 'hilltop castles', 'orchards'])}.</p>`,
    currency: destination.index % 7 === 3 ? 'US Dollar ($)' : 'Euro (€)',
    tipping: 'Tipping is not expected; rounding up the bill is appreciated.',
    order: destination.index + 1,
    media_id: null,
    gallery_id: null,
    seo_title: `${destination.name} cycling holidays`,
    seo_description: `Self-guided and guided cycling holidays in ${destination.name}.`,
    seo_keywords: `${destination.slug}, cycling, walking`,
  }));
  const regions: RegionRef[] = destinations.flatMap((destination) =>
    random.sample(REGION_PREFIXES, random.int(1, 3)).map((prefix) => {
      const name = `${prefix} ${destination.name}`;
      return { id: 0, name, slug: slugify(name), destinationId: destination.id };
    }),
  );
  await insertWithIds(db, 'regions', regions, (region) => ({
    id: region.id,
    name: region.name,
    slug: region.slug,
    short_description: `Routes through ${region.name}.`,
    description: `<p>${region.name} offers ${random.pick(['gentle gradients', 'rolling hills', 'a long coastline', 'high passes'])}.</p>`,
    media_id: null,
    gallery_id: null,
    seo_title: region.name,
    seo_description: `Holidays in ${region.name}.`,
    seo_keywords: region.slug,
  }));
  for (const region of regions) destinations.find((destination) => destination.id === region.destinationId)!.regionIds.push(region.id);
  await insertRows(
    db,
    'destination_regions',
    regions.map((region) => ({ destination_id: region.destinationId, region_id: region.id })),
  );

  return {
    seasons,
    currencies: currencies.map(({ id, name, symbol, rateBySeason }) => ({ id, name, symbol, rateBySeason })),
    models: models.map(({ id, name, seasonId, kind, rates: modelRateList }) => ({ id, name, seasonId, kind, rates: modelRateList })),
    roomTypes,
    accommodationCategories,
    bikes,
    boats,
    decks,
    operators,
    hotels,
    restaurants,
    regions,
    destinations: destinations.map(({ id, name, slug, regionIds }) => ({ id, name, slug, regionIds })),
  };
}

/**
 * Rows without a markup_rate_id price with rate 15 (the legacy default). A fresh database numbers
 * the rates 1-24, so 15 exists; when the sequence had already moved past it, add rate 15 to the
 * first model explicitly and move the sequence past the highest id.
 */
async function ensureDefaultMarkupRate(db: Kysely<Database>, firstModel: ModelRef): Promise<void> {
  const existing = await db.selectFrom('markup_rates').select('id').where('id', '=', DEFAULT_MARKUP_RATE_ID).executeTakeFirst();
  if (existing) return;
  const rate = { id: DEFAULT_MARKUP_RATE_ID, commission: 20, markup: 1.32, supplement_markup: 1.15 };
  await db
    .insertInto('markup_rates')
    .values({ ...rate, markup_model_id: firstModel.id })
    .execute();
  firstModel.rates.push(rate);
  await sql`SELECT setval(pg_get_serial_sequence('markup_rates', 'id'), (SELECT max(id) FROM markup_rates))`.execute(db);
}
