import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import * as migration009 from '../../src/server/db/migrations/009-pricing-date-ranges.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 18 item 4: a price group holds one or more date ranges (SPEC.md section 2).
let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  f = await createPricingFixture(t.db);
});

const url = () => `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
const read = async () => (await t.app.inject({ method: 'GET', url: url(), headers: t.auth })).json<SeasonPricing>();
const save = (body: unknown) => t.app.inject({ method: 'PUT', url: url(), headers: t.auth, payload: body as object });
const price = (gross: number) => ({ room_type_id: f.roomTypeId, gross, markup_rate_id: f.rates.r20 });
const range = (start: string | null, end: string | null) => ({ start, end });
const group = (date_ranges: object[], extra: Record<string, unknown> = {}) => ({ date_ranges, nights: 7, prices: [price(675)], ...extra });
const groupVersion = async (id: number) =>
  (await sql<{ xmin: string }>`select xmin::text as xmin from tour_pricing_categories where id = ${id}`.execute(t.db)).rows[0].xmin;
const storedGroups = () =>
  t.db
    .selectFrom('tour_pricing_categories')
    .select(['id', 'start', 'end', 'date_ranges'])
    .where('tour_season_id', '=', f.tourSeasonId)
    .orderBy('position')
    .execute();

describe('price group date ranges', () => {
  it('reads a group stored with one start and end as that one range', async () => {
    expect((await read()).categories[0]).toMatchObject({ start: '2026-05-01', end: '2026-09-30', date_ranges: [range('2026-05-01', '2026-09-30')] });
  });

  it('saves several ranges in date order, the group spanning them, and reads them back', async () => {
    const ranges = [range('2026-09-01', '2026-09-30'), range('2026-05-01', '2026-05-31'), range('2026-07-01', '2026-07-14')];
    const response = await save({ version: 1, categories: [group(ranges, { id: f.categoryId }), group([range('2026-06-01', '2026-06-30')])] });
    expect(response.statusCode).toBe(200);
    const sorted = [range('2026-05-01', '2026-05-31'), range('2026-07-01', '2026-07-14'), range('2026-09-01', '2026-09-30')];
    const answered = response.json<SeasonPricing>();
    expect(answered.categories.map(({ start, end, date_ranges }) => ({ start, end, date_ranges }))).toEqual([
      { start: '2026-05-01', end: '2026-09-30', date_ranges: sorted },
      { start: '2026-06-01', end: '2026-06-30', date_ranges: [range('2026-06-01', '2026-06-30')] },
    ]);
    // The answer is what a read gives, and the group's own start and end are the span for older readers.
    expect((await read()).categories).toEqual(answered.categories);
    expect((await storedGroups())[0]).toMatchObject({ start: '2026-05-01', end: '2026-09-30' });
  });

  it('takes a body with only start and end (an older client) as one range', async () => {
    const response = await save({ version: 1, categories: [{ id: f.categoryId, start: '2026-06-01', end: '2026-06-20', prices: [] }] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[0].date_ranges).toEqual([range('2026-06-01', '2026-06-20')]);
  });

  it('keeps the version rules: an unchanged resave does not rewrite the group, a stale version is 409', async () => {
    const first = await save({ version: 1, categories: [group([range('2026-05-01', '2026-05-31'), range('2026-07-01', '2026-07-31')], { id: f.categoryId })] });
    expect(first.statusCode).toBe(200);
    const before = await groupVersion(f.categoryId);
    const again = await save({ version: 2, categories: first.json<SeasonPricing>().categories });
    expect(again.statusCode).toBe(200);
    expect(await groupVersion(f.categoryId)).toBe(before);
    const stale = await save({ version: 2, categories: [group([range('2026-05-01', '2026-05-31')], { id: f.categoryId })] });
    expect(stale.statusCode).toBe(409);
  });

  it.each([
    ['no range', [], 'Group 2 has no dates: give it at least one date range', 'categories.1.date_ranges'],
    ['a range without an end', [range('2026-07-01', null)], 'Group 2: date range 1 has no end date', 'categories.1.date_ranges.0.end'],
    [
      'a range without a start',
      [range('2026-07-01', '2026-07-31'), range(null, '2026-08-31')],
      'Group 2: date range 2 has no start date',
      'categories.1.date_ranges.1.start',
    ],
    [
      'a range ending before it starts',
      [range('2026-07-31', '2026-07-01')],
      'Group 2: date range 1 ends (2026-07-01) before it starts (2026-07-31)',
      'categories.1.date_ranges.0.end',
    ],
    [
      'overlapping ranges',
      [range('2026-07-01', '2026-07-31'), range('2026-08-01', '2026-08-10'), range('2026-07-31', '2026-08-05')],
      'Group 2: date ranges 2026-07-01 to 2026-07-31 and 2026-07-31 to 2026-08-05 overlap',
      'categories.1.date_ranges.2',
    ],
  ])('refuses a group with %s with a 400 naming the group, saving nothing', async (_case, ranges, msg, path) => {
    const before = await storedGroups();
    const response = await save({ version: 1, categories: [group([range('2026-05-01', '2026-05-31')], { id: f.categoryId }), group(ranges)] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ msg, path }] });
    expect(await storedGroups()).toEqual(before);
    expect((await read()).tour_season.version).toBe(1);
  });

  it('refuses start and end sent beside the ranges that are not their span, rather than ignoring them', async () => {
    const [stored] = (await read()).categories;
    const response = await save({ version: 1, categories: [{ ...stored, end: '2026-10-31' }] });
    expect(response.json()).toEqual({
      errors: [
        {
          msg:
            'Group 1: start and end (2026-05-01 to 2026-10-31) are not the span of its date ranges ' +
            '(2026-05-01 to 2026-09-30): change the date ranges, or leave start and end out',
          path: 'categories.0.start',
        },
      ],
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses taking the last range off a dated group, and a single-group save of it', async () => {
    const season = await save({ version: 1, categories: [group([], { id: f.categoryId })] });
    expect(season.json()).toEqual({ errors: [{ msg: 'Group 1 has no dates: give it at least one date range', path: 'categories.0.date_ranges' }] });
    const one = await t.app.inject({ method: 'PUT', url: `${url()}/${f.categoryId}`, headers: t.auth, payload: { version: 1, ...group([]) } });
    expect([one.statusCode, one.json()]).toEqual([
      400,
      { errors: [{ msg: 'Group 1 has no dates: give it at least one date range', path: 'categories.0.date_ranges' }] },
    ]);
  });

  it('leaves a stored group that never had dates undated, so the rest of its season still saves', async () => {
    const undated = await t.db
      .insertInto('tour_pricing_categories')
      .values({ tour_season_id: f.tourSeasonId, position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pricing = await read();
    expect(pricing.categories[1]).toMatchObject({ id: undated.id, start: null, end: null, date_ranges: [] });
    const response = await save({ version: 1, categories: [group([range('2026-05-01', '2026-05-31')], { id: f.categoryId }), pricing.categories[1]] });
    expect(response.statusCode).toBe(200);
    expect(response.json<SeasonPricing>().categories[1].date_ranges).toEqual([]);
  });

  it('migration 009 gives each group stored with both dates its one range, and others none', async () => {
    const handle = await createTestDatabase();
    // Migrations are typed on no schema at all.
    const untyped = handle.db as unknown as Kysely<unknown>;
    try {
      await migration009.down(untyped);
      const fixture = await createPricingFixture(handle.db);
      const halfDated = await handle.db
        .insertInto('tour_pricing_categories')
        .values({ tour_season_id: fixture.tourSeasonId, start: '2026-06-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await migration009.up(untyped);
      const rows = await handle.db.selectFrom('tour_pricing_categories').select(['id', 'date_ranges']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: fixture.categoryId, date_ranges: [range('2026-05-01', '2026-09-30')] },
        { id: halfDated.id, date_ranges: [] },
      ]);
    } finally {
      await handle.close();
    }
  });
});
