import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import type { TestApp } from './test-app.js';

export type SeasonData = { seasonId: number; modelId: number; rateId: number; currencyId: number };

/**
 * A season with one markup model (one rate: commission 20, markup 1.32, supplement 1.15) and a
 * currency at the given rate for that season.
 */
export async function addSeason(db: Kysely<Database>, name: string, currencyRate = 1.1): Promise<SeasonData> {
  const currency = await db
    .insertInto('currencies')
    .values({ name: `Currency of ${name}`, symbol: '€', rate: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const season = await db.insertInto('seasons').values({ name, model_id: null, currency_id: currency.id }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('currency_rates').values({ currency_id: currency.id, season_id: season.id, rate: currencyRate }).execute();
  const model = await db
    .insertInto('markup_models')
    .values({ name: `Model of ${name}`, season_id: season.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rate = await db
    .insertInto('markup_rates')
    .values({ markup_model_id: model.id, commission: 20, markup: 1.32, supplement_markup: 1.15 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('seasons').set({ model_id: model.id }).where('id', '=', season.id).execute();
  return { seasonId: season.id, modelId: model.id, rateId: rate.id, currencyId: currency.id };
}

/** Another currency with a rate for the season. */
export async function addCurrency(db: Kysely<Database>, name: string, seasonId: number, rate: number): Promise<number> {
  const currency = await db.insertInto('currencies').values({ name, symbol: '$', rate: 1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('currency_rates').values({ currency_id: currency.id, season_id: seasonId, rate }).execute();
  return currency.id;
}

export async function addHotel(db: Kysely<Database>, name: string, content = ''): Promise<number> {
  return (await db.insertInto('hotels').values({ name, content }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function addRestaurant(db: Kysely<Database>, name: string, content = ''): Promise<number> {
  return (await db.insertInto('restaurants').values({ name, content }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Creates a tour through the API and returns it as the API answered. */
export async function createTour(t: TestApp, fields: Record<string, unknown> = {}): Promise<Tour> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/tours', headers: t.auth, payload: { name: 'Danube Cycle Path', ...fields } });
  if (response.statusCode !== 201) throw new Error(`Creating a tour failed: ${response.statusCode} ${response.body}`);
  return response.json<Tour>();
}

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as the logged-in staff member. */
export const call = (t: TestApp, method: InjectMethod, path: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: t.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

export type ErrorBody = { errors: { msg: string; path?: string }[] };
