// Tour seasons with everything priced per season: routes, price groups and prices, bikes, party
// and room extras, reductions and specifications. Planned in memory (prices worked out by the
// price engine), then written table by table, parents first.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { insertRows, insertWithIds } from './batch-insert.js';
import { planSeasonPrices } from './plan-season-prices.js';
import { planBikes, planPartyExtras, planReductions, planRoomExtras, planSpecification } from './plan-season-supplements.js';
import type { ReferenceData } from './reference-data.js';
import type { ScaleProfile } from './seed-scale.js';
import type { SeededRandom } from './seeded-random.js';
import type { TourPlan } from './seed-tours.js';
import { type StoredPriceFields, createPriceBook } from './price-book.js';
import type { RoutePlan, TourSeasonPlan } from './tour-season-plan.js';

const ROUTE_NAMES = ['Classic route', 'Lakeside variant', 'Hill variant', 'Short route'];

export function planTourSeasons(random: SeededRandom, reference: ReferenceData, tours: TourPlan[], profile: ScaleProfile): TourSeasonPlan[] {
  const plans: TourSeasonPlan[] = [];
  const book = createPriceBook();
  for (const tour of tours) {
    const tourRandom = random.fork(`tour:${tour.index}`);
    const currency = tourRandom.weighted([
      [reference.currencies[0], 8],
      [reference.currencies[1], 1],
      [reference.currencies[2], 1],
    ] as const);
    const modelKind = tourRandom.chance(0.15) ? 'partner' : 'standard';
    const deposit = tourRandom.pick([100, 125, 150, 200, 250]);
    reference.seasons.forEach((season, seasonIndex) => {
      if (seasonIndex === reference.seasons.length - 1 && !tourRandom.chance(profile.lastSeasonShare)) return;
      const seasonRandom = random.fork(`tour:${tour.index}:season:${seasonIndex}`);
      const model = reference.models.find((candidate) => candidate.seasonId === season.id && candidate.kind === modelKind)!;
      const currencyRate = currency.rateBySeason.get(season.id)!;
      const widest = profile.largestSeasonCategories !== null && tour.index === 0 && seasonIndex === 0;
      const range = seasonIndex === 0 ? profile.bulkSeasonCategories : profile.otherSeasonCategories;
      const categoryCount = widest ? profile.largestSeasonCategories! : seasonRandom.int(range[0], range[1]);
      const routes: RoutePlan[] = seasonRandom.sample(ROUTE_NAMES, seasonRandom.chance(0.25) ? 2 : 1).map((name) => ({ id: 0, name }));
      const categories = planSeasonPrices(seasonRandom, reference, tour, {
        year: season.year,
        seasonIndex,
        categoryCount,
        widest,
        rates: model.rates,
        currencyRate,
        book,
        routes,
      });
      const supplements = { year: season.year, rates: model.rates, currencyRate, book, categories };
      plans.push({
        id: 0,
        tour,
        season,
        model,
        rates: model.rates,
        currencyId: currency.id,
        currencyRate,
        deposit,
        live: tour.live && (seasonIndex < 2 || seasonRandom.chance(0.2)),
        routes,
        categories,
        bikes: planBikes(seasonRandom, reference, tour, supplements),
        partyExtras: planPartyExtras(seasonRandom, reference, tour, supplements),
        roomExtras: planRoomExtras(seasonRandom, reference, tour, supplements),
        reductions: planReductions(seasonRandom, reference, tour),
        specification: planSpecification(seasonRandom, tour),
      });
    });
  }
  book.evaluate();
  return plans;
}

const priceColumns = (stored: StoredPriceFields) => ({
  formula: stored.formula,
  gross: stored.gross,
  non_com: stored.non_com,
  net: stored.net,
  adjustment: stored.adjustment,
  cost: stored.cost,
  markup_rate_id: stored.markup_rate_id,
});

export async function insertTourSeasons(db: Kysely<Database>, plans: TourSeasonPlan[], onProgress: (message: string) => void): Promise<void> {
  await insertWithIds(db, 'tour_seasons', plans, (plan) => ({
    id: plan.id,
    tour_id: plan.tour.id,
    season_id: plan.season.id,
    deposit: plan.deposit,
    markup_model_id: plan.model.id,
    currency_id: plan.currencyId,
    live: plan.live,
  }));
  // Children are flattened into entries that carry their parent; ids are copied back into the plans.
  const routes = plans.flatMap((plan) => plan.routes.map((route) => ({ id: 0, route, plan })));
  await insertWithIds(db, 'tour_routes', routes, (entry) => ({ id: entry.id, tour_season_id: entry.plan.id, name: entry.route.name }));
  for (const entry of routes) entry.route.id = entry.id;

  const categories = plans.flatMap((plan) => plan.categories.map((category) => ({ id: 0, category, plan })));
  await insertWithIds(db, 'tour_pricing_categories', categories, ({ id, category, plan }) => ({
    id,
    tour_season_id: plan.id,
    start: category.start,
    end: category.end,
    nights: category.nights,
    guided: category.guided,
    boat_id: category.boatId,
    tour_route_id: category.route?.id ?? null,
    specific_dates: JSON.stringify(category.specificDates),
    restricted_dates: JSON.stringify(category.restrictedDates),
    restricted_days: JSON.stringify(category.restrictedDays),
    position: category.position,
  }));
  for (const entry of categories) entry.category.id = entry.id;

  const prices = categories.flatMap(({ category, plan }) => category.prices.map((price) => ({ id: 0, price, category, plan })));
  onProgress(`Writing ${prices.length.toLocaleString('en-GB')} price rows`);
  await insertWithIds(db, 'tour_prices', prices, ({ id, price, category, plan }) => ({
    id,
    tour_pricing_category_id: category.id,
    tour_season_id: plan.id,
    room_type_id: price.roomType.id,
    accommodation_category_id: price.accommodation?.id ?? null,
    deck_id: price.deck?.id ?? null,
    position: price.position,
    ...priceColumns(price.stored),
  }));
  for (const entry of prices) entry.price.id = entry.id;

  const bikes = plans.flatMap((plan) => plan.bikes.map((bike) => ({ id: 0, bike, plan })));
  await insertWithIds(db, 'tour_bikes', bikes, ({ id, bike, plan }) => ({
    id,
    tour_season_id: plan.id,
    bike_id: bike.bike.id,
    nights: bike.nights,
    boat_id: bike.boatId,
    gallery_id: null,
    order: bike.order,
    ...priceColumns(bike.stored),
  }));
  for (const entry of bikes) entry.bike.id = entry.id;

  const partyExtras = plans.flatMap((plan) => plan.partyExtras.map((extra) => ({ id: 0, extra, plan })));
  await insertWithIds(db, 'tour_party_extras', partyExtras, ({ id, extra, plan }) => ({
    id,
    tour_season_id: plan.id,
    name: extra.name,
    guidance: extra.guidance,
    boat_id: extra.boatId,
    nights: extra.nights,
    order: extra.order,
  }));
  for (const entry of partyExtras) entry.extra.id = entry.id;
  const partyVariations = partyExtras.flatMap(({ extra }) => extra.variations.map((variation) => ({ id: 0, variation, extra })));
  await insertWithIds(db, 'tour_party_extra_variations', partyVariations, ({ id, variation, extra }) => ({
    id,
    tour_party_extra_id: extra.id,
    accommodation_category_id: variation.accommodationCategoryId,
    bike_id: variation.bikeId,
    min_pax: variation.minPax,
    max_pax: variation.maxPax,
    position: variation.position,
    ...priceColumns(variation.stored),
  }));
  for (const entry of partyVariations) entry.variation.id = entry.id;

  const roomExtras = plans.flatMap((plan) => plan.roomExtras.map((extra) => ({ id: 0, extra, plan })));
  await insertWithIds(db, 'tour_room_extras', roomExtras, ({ id, extra, plan }) => ({
    id,
    tour_season_id: plan.id,
    name: extra.name,
    pre: extra.pre,
    post: extra.post,
  }));
  for (const entry of roomExtras) entry.extra.id = entry.id;
  const roomVariations = roomExtras.flatMap(({ extra }) => extra.variations.map((variation) => ({ id: 0, variation, extra })));
  await insertWithIds(db, 'tour_room_extra_variations', roomVariations, ({ id, variation, extra }) => ({
    id,
    tour_room_extra_id: extra.id,
    start: variation.start,
    end: variation.end,
    room_type_id: variation.roomTypeId,
    accommodation_category_id: variation.accommodationCategoryId,
    specific_dates: JSON.stringify(variation.specificDates),
    restricted_dates: JSON.stringify(variation.restrictedDates),
    restricted_days: JSON.stringify(variation.restrictedDays),
    position: variation.position,
    ...priceColumns(variation.stored),
  }));
  for (const entry of roomVariations) entry.variation.id = entry.id;

  await insertRows(
    db,
    'tour_reductions',
    plans.flatMap((plan) =>
      plan.reductions.map((reduction) => ({
        tour_season_id: plan.id,
        order: reduction.order,
        percent: reduction.percent,
        cost: reduction.cost,
        room_type_id: reduction.roomTypeId,
        deck_id: reduction.deckId,
        output_quantity: reduction.outputQuantity,
        output_min: reduction.outputMin,
        output_max: reduction.outputMax,
        input_quantity: reduction.inputQuantity,
        input_min: reduction.inputMin,
        input_max: reduction.inputMax,
        child_calc_room: reduction.childCalcRoom,
        child_calc_accommodation: reduction.childCalcAccommodation,
      })),
    ),
  );
  await insertRows(
    db,
    'tour_specifications',
    plans.map((plan) => ({ tour_season_id: plan.id, price_includes: plan.specification.includes, price_excludes: plan.specification.excludes })),
  );
}
