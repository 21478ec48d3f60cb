import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import type { TestApp } from './test-app.js';
import { call, type ErrorBody } from './tour-test-data.js';

export { addMediaRow } from './media-test-data.js';
export { call, type ErrorBody };

/** The fields of the first error of a refused call, for asserting which field was named. */
export const errorPaths = (body: ErrorBody) => body.errors.map((item) => item.path);
export const errorMessages = (body: ErrorBody) => body.errors.map((item) => item.msg);

/** Calls the API and fails the test unless it answered `status`; returns the parsed body. */
export async function expectCall<Body>(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload: unknown, status: number): Promise<Body> {
  const response = await call(t, method, path, payload);
  if (response.statusCode !== status) throw new Error(`${method} ${path} answered ${response.statusCode}, expected ${status}: ${response.body}`);
  return response.json<Body>();
}

export async function addReview(db: Kysely<Database>, author: string, rating = 5, date: string | null = '2026-05-01'): Promise<number> {
  return (await db.insertInto('reviews').values({ author, rating, date }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function addDestination(db: Kysely<Database>, name: string, slug: string): Promise<number> {
  return (await db.insertInto('destinations').values({ name, slug }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function addRegion(db: Kysely<Database>, name: string, slug: string): Promise<number> {
  return (await db.insertInto('regions').values({ name, slug }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function addBike(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.insertInto('bikes').values({ name, short_name: null }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A tour row straight in the database (the content calls only link to tours). */
export async function addTour(db: Kysely<Database>, name: string, slug: string): Promise<number> {
  return (
    await db
      .insertInto('tours')
      .values({
        name,
        slug,
        months: '[]',
        nights: '[]',
        arrival_days: '[]',
        difficulty: '[]',
        destinations: '[]',
        regions: '[]',
        hotels: '[]',
        restaurants: '[]',
        related_tours: '[]',
        related_themes: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
