import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

export type PricingFixture = {
  tourId: number;
  seasonId: number;
  tourSeasonId: number;
  modelId: number;
  currencyId: number;
  rates: { r20: number; r10: number; r0: number };
  roomTypeId: number;
  categoryId: number;
  bikeId: number;
};

let counter = 0;

/**
 * A tour with one season priced in euros at 1.1 per pound, on a model whose 20% rate has markup
 * 1.32 (the worked example of DESIGN.md section 5), plus the reference rows prices point at.
 */
export async function createPricingFixture(db: Kysely<Database>): Promise<PricingFixture> {
  counter++;
  const season = await db
    .insertInto('seasons')
    .values({ name: `Season ${counter}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const currency = await db.insertInto('currencies').values({ name: 'Euro', symbol: '€', rate: 1.1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('currency_rates').values({ currency_id: currency.id, season_id: season.id, rate: 1.1 }).execute();
  const model = await db
    .insertInto('markup_models')
    .values({ name: `Model ${counter}`, season_id: season.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [r20, r10, r0] = await db
    .insertInto('markup_rates')
    .values([
      { markup_model_id: model.id, commission: 20, markup: 1.32, supplement_markup: 1.2 },
      { markup_model_id: model.id, commission: 10, markup: 1.28, supplement_markup: 1.19 },
      { markup_model_id: model.id, commission: 0, markup: 1.3, supplement_markup: 1.15 },
    ])
    .returning('id')
    .execute();
  const tour = await db
    .insertInto('tours')
    .values({ name: `Tour ${counter}`, slug: `tour-${counter}-${Date.now()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tourSeason = await db
    .insertInto('tour_seasons')
    .values({ tour_id: tour.id, season_id: season.id, deposit: 100, markup_model_id: model.id, currency_id: currency.id, live: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roomType = await db.insertInto('room_types').values({ name: 'Double', sleeps: 2 }).returning('id').executeTakeFirstOrThrow();
  const category = await db
    .insertInto('tour_pricing_categories')
    .values({ tour_season_id: tourSeason.id, start: '2026-05-01', end: '2026-09-30', nights: 7 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bike = await db.insertInto('bikes').values({ name: 'Hybrid bike' }).returning('id').executeTakeFirstOrThrow();
  return {
    tourId: tour.id,
    seasonId: season.id,
    tourSeasonId: tourSeason.id,
    modelId: model.id,
    currencyId: currency.id,
    rates: { r20: r20.id, r10: r10.id, r0: r0.id },
    roomTypeId: roomType.id,
    categoryId: category.id,
    bikeId: bike.id,
  };
}
