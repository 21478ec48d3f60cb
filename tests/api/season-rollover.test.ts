import { describe, expect, it } from 'vitest';
import type { RollbackResult } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { RolloverCommitResult, RolloverPreview, RolloverRequestInput } from '../../src/domain/rollover/rollover-request.js';
import { fingerprintDatabase } from '../helpers/database-fingerprint.js';
import type { PricingFixture } from '../helpers/pricing-fixtures.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

// A season roll-over (issue 31): the preview and the commit compute the same rows, the commit is
// one change set that the price history's rollback removes, and bad input names its field.

const c = pricingTestContext();
const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });

type Target = { seasonId: number; modelId: number; rates: { r20: number; r10: number } };

let targets = 0;

/** Next year's season "2027 n" with its own model (20% and 10%, optionally 0%), its euro rate 1.2 and a guardrail. */
async function targetSeason(f: PricingFixture, { withZero = true } = {}): Promise<Target> {
  const db = c.t.db;
  const season = await db
    .insertInto('seasons')
    .values({ name: `2027 target ${++targets}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await db
    .insertInto('markup_models')
    .values({ name: `Model 2027 ${targets}`, season_id: season.id, min_margin_percent: 20 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rates = [
    { markup_model_id: model.id, commission: 20, markup: 1.34, supplement_markup: 1.22 },
    { markup_model_id: model.id, commission: 10, markup: 1.3, supplement_markup: 1.2 },
    ...(withZero ? [{ markup_model_id: model.id, commission: 0, markup: 1.1, supplement_markup: 1.1 }] : []),
  ];
  const [r20, r10] = await db.insertInto('markup_rates').values(rates).returning('id').execute();
  await db.updateTable('seasons').set({ model_id: model.id }).where('id', '=', season.id).execute();
  await db.insertInto('currency_rates').values({ currency_id: f.currencyId, season_id: season.id, rate: 1.2 }).execute();
  return { seasonId: season.id, modelId: model.id, rates: { r20: r20.id, r10: r10.id } };
}

/** The fixture's season priced through the API: a plain row, a formula row on it, a 0% row, and a bike; with a specification. */
async function priceSource(f: PricingFixture) {
  const price = (gross: number | null, markup_rate_id: number, formula: string | null = null) => ({
    room_type_id: f.roomTypeId,
    gross,
    non_com: 0,
    adjustment: 0,
    markup_rate_id,
    formula,
  });
  const saved = await call('PUT', `tour-pricing/${f.tourId}/${f.seasonId}`, {
    version: 1,
    categories: [
      {
        start: '2026-05-02',
        end: '2026-09-26',
        restricted_dates: ['2026-07-04'],
        nights: 7,
        prices: [price(1200, f.rates.r20), price(null, f.rates.r10, '[0]+50'), price(500, f.rates.r0)],
      },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bikes = await call('PUT', `tour-bikes/${f.tourId}/${f.seasonId}`, {
    version: 2,
    bikes: [{ bike_id: f.bikeId, gross: 98, non_com: 0, adjustment: 0, markup_rate_id: f.rates.r20, formula: null }],
  });
  expect(bikes.statusCode, bikes.body).toBe(200);
  await c.t.db
    .insertInto('tour_specifications')
    .values({ tour_season_id: f.tourSeasonId, price_includes: 'Seven nights', price_excludes: 'Flights' })
    .execute();
  const db = c.t.db;
  const stored = { non_com: 0, adjustment: 0, net: 0, cost: 0, markup_rate_id: f.rates.r20 };
  const supplement = await db
    .insertInto('tour_party_extras')
    .values({ tour_season_id: f.tourSeasonId, name: 'Transfer', guidance: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tour_party_extra_variations')
    .values([
      { tour_party_extra_id: supplement.id, formula: null, gross: 40, position: 0, ...stored },
      { tour_party_extra_id: supplement.id, formula: '[0]*2', gross: 80, position: 1, ...stored },
    ])
    .execute();
  const night = await db
    .insertInto('tour_room_extras')
    .values({ tour_season_id: f.tourSeasonId, name: 'Night in Lyon', pre: true, post: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tour_room_extra_variations')
    .values({
      tour_room_extra_id: night.id,
      start: '2026-05-02',
      end: '2026-09-26',
      specific_dates: '[]',
      restricted_dates: '["2026-02-28"]',
      restricted_days: '[]',
      formula: null,
      gross: 95,
      position: 0,
      ...stored,
    })
    .execute();
  await db.insertInto('tour_reductions').values({ tour_season_id: f.tourSeasonId, percent: 10, cost: null }).execute();
}

const request = (f: PricingFixture, target: Target, extra: Partial<RolloverRequestInput> = {}): RolloverRequestInput => ({
  source_season_id: f.seasonId,
  target_season_id: target.seasonId,
  tour_ids: [f.tourId],
  uplift_percent: 4,
  round_to: 5,
  parts: ['bikes', 'supplements', 'extra_nights', 'reductions', 'specifications'],
  ...extra,
});

/** Every table a roll-over writes, hashed row by row. */
async function priceTables() {
  const { tableHashes } = await fingerprintDatabase(c.t.db);
  const tables = [
    'tour_seasons',
    'tour_routes',
    'tour_pricing_categories',
    'tour_prices',
    'tour_bikes',
    'tour_party_extras',
    'tour_party_extra_variations',
    'tour_room_extras',
    'tour_room_extra_variations',
    'tour_reductions',
    'tour_specifications',
  ];
  return Object.fromEntries(tables.map((table) => [table, tableHashes[table]]));
}

describe('POST rollovers/preview and POST rollovers', () => {
  it('commits exactly the rows the preview showed, with formulas kept and dates a year on', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const preview = await call('POST', 'rollovers/preview', request(c.f, target));
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json<RolloverPreview>();
    expect(shown.label).toMatch(/^Roll over Season \d+ -> 2027 target \d+, \+4%, to 5$/);
    const [tour] = shown.tours;
    const rows = tour.categories[0].prices;
    // 1,200 + 4% = 1,248, to the nearest 5: 1,250; the formula row follows it: 1,300.
    expect(rows.map((row) => row.after.gross)).toEqual([1250, 1300, 520]);
    expect(rows[1].after.formula).toBe('[0]+50');
    expect(tour.categories[0].start).toBe('2027-05-02');
    expect(tour.bikes.map((bike) => bike.after.gross)).toEqual([100]);
    // 40 + 4% = 41.60, to 5: 40; its formula row doubles it.
    expect(tour.supplements.map((extra) => [extra.name, extra.prices.map((row) => row.after.gross)])).toEqual([['Transfer', [40, 80]]]);
    expect(tour.extra_nights.map((extra) => [extra.name, extra.prices.map((row) => row.after.gross)])).toEqual([['Night in Lyon', [100]]]);
    expect(tour.reductions).toBe(1);
    expect(shown.problems).toEqual([]);

    const committed = await call('POST', 'rollovers', request(c.f, target));
    expect(committed.statusCode, committed.body).toBe(200);
    const result = committed.json<RolloverCommitResult>();
    expect(result.tour_seasons).toHaveLength(1);
    // Three prices, a bike, three variations and a reduction.
    expect(result.rows).toBe(8);

    const stored = (await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).json<SeasonPricing>();
    expect(stored.tour_season.live).toBe(false);
    expect(stored.tour_season.markup_model_id).toBe(target.modelId);
    const storedRows = stored.categories.flatMap((category) => category.prices);
    expect(storedRows.map((row) => ({ gross: row.gross, formula: row.formula, net: row.net, cost: row.cost, markup_rate_id: row.markup_rate_id }))).toEqual(
      rows.map((row) => ({
        gross: row.after.gross,
        formula: row.after.formula,
        net: row.after.net,
        cost: row.after.cost,
        markup_rate_id: row.after.markup_rate_id,
      })),
    );
    expect(storedRows[0].markup_rate_id).toBe(target.rates.r20);
    expect(stored.categories[0].restricted_dates).toEqual(['2027-07-04']);
    const rolledSeasonId = result.tour_seasons[0].tour_season_id;
    const variations = await c.t.db
      .selectFrom('tour_party_extra_variations as v')
      .innerJoin('tour_party_extras as e', 'e.id', 'v.tour_party_extra_id')
      .select(['v.formula', 'v.gross', 'v.net', 'v.cost', 'v.markup_rate_id'])
      .where('e.tour_season_id', '=', rolledSeasonId)
      .orderBy('v.position')
      .execute();
    expect(variations).toEqual(
      tour.supplements[0].prices.map((row) => ({
        formula: row.after.formula,
        gross: row.after.gross,
        net: row.after.net,
        cost: row.after.cost,
        markup_rate_id: row.after.markup_rate_id,
      })),
    );
    const night = await c.t.db
      .selectFrom('tour_room_extra_variations as v')
      .innerJoin('tour_room_extras as e', 'e.id', 'v.tour_room_extra_id')
      .select(['e.name', 'e.pre', 'v.start', 'v.end', 'v.restricted_dates', 'v.gross'])
      .where('e.tour_season_id', '=', rolledSeasonId)
      .executeTakeFirstOrThrow();
    // 28 February 2026 a year on.
    expect(night).toEqual({ name: 'Night in Lyon', pre: true, start: '2027-05-02', end: '2027-09-26', restricted_dates: ['2027-02-28'], gross: 100 });
    const reductions = await c.t.db.selectFrom('tour_reductions').select(['percent', 'cost']).where('tour_season_id', '=', rolledSeasonId).execute();
    expect(reductions).toEqual([{ percent: 10, cost: null }]);
    const history = (await call('GET', `price-history?tour=${c.f.tourId}&season=${target.seasonId}`)).json<{ id: number; source: string; author: string }[]>();
    expect(history[0]).toMatchObject({ id: result.change_set_id, source: 'rollover', author: 'staff@example.test' });
  });

  it('keeps weekdays when dates move by 52 weeks', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const shown = (await call('POST', 'rollovers/preview', request(c.f, target, { shift: 'weeks' }))).json<RolloverPreview>();
    // 2 May 2026 is a Saturday; 52 weeks on is Saturday 1 May 2027.
    expect(shown.tours[0].categories[0].start).toBe('2027-05-01');
  });

  it('flags rows the target model leaves under its guardrail', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const shown = (await call('POST', 'rollovers/preview', request(c.f, target))).json<RolloverPreview>();
    // The 0% rate's markup of 1.1 leaves a margin under 20%, and so does the bike's supplement markup of 1.22.
    expect(shown.tours[0].categories[0].prices.map((row) => row.below_guardrail)).toEqual([false, false, true]);
    expect(shown.tours[0].bikes.map((row) => row.below_guardrail)).toEqual([true]);
    // The supplement markups (1.22) leave the three variations under it too.
    expect(shown.tours[0].supplements[0].prices.map((row) => row.below_guardrail)).toEqual([true, true]);
    expect(shown.totals.below_guardrail).toBe(5);
  });

  it('removes everything it wrote on rollback, leaving every price table as before', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const before = await priceTables();
    const result = (await call('POST', 'rollovers', request(c.f, target))).json<RolloverCommitResult>();
    expect(await priceTables()).not.toEqual(before);
    const rollback = await call('POST', `price-history/${result.change_set_id}/rollback`);
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(rollback.json<RollbackResult>()).toMatchObject({ seasons: 1, rows: 8 });
    expect(await priceTables()).toEqual(before);
    expect((await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).statusCode).toBe(404);
    // Twice is refused: there is nothing left to remove.
    expect((await call('POST', `price-history/${result.change_set_id}/rollback`)).statusCode).toBe(409);
  });

  it('refuses the rollback when a season it wrote was changed since, changing nothing', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const result = (await call('POST', 'rollovers', request(c.f, target))).json<RolloverCommitResult>();
    const stored = (await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).json<SeasonPricing>();
    const edited = {
      version: stored.tour_season.version,
      categories: stored.categories.map((category, index) => ({
        ...category,
        prices: category.prices.map((price, row) => (index === 0 && row === 0 ? { ...price, gross: 1275 } : price)),
      })),
      below_guardrail_confirmed: 1,
    };
    const save = await call('PUT', `tour-pricing/${c.f.tourId}/${target.seasonId}`, edited);
    expect(save.statusCode, save.body).toBe(200);
    const before = await priceTables();
    const rollback = await call('POST', `price-history/${result.change_set_id}/rollback`);
    expect(rollback.statusCode).toBe(409);
    expect(rollback.json<{ errors: { msg: string }[] }>().errors[0].msg).toContain('changed since the roll-over');
    expect(await priceTables()).toEqual(before);
  });

  it('refuses to commit while a commission has no rate in the target model, listing the rows', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f, { withZero: false });
    const before = await priceTables();
    const shown = (await call('POST', 'rollovers/preview', request(c.f, target))).json<RolloverPreview>();
    expect(shown.problems).toEqual([expect.stringContaining('Row [2]: commission 0% has no rate in model')]);
    const committed = await call('POST', 'rollovers', request(c.f, target));
    expect(committed.statusCode).toBe(400);
    const errors = committed.json<{ errors: { msg: string; path: string }[] }>().errors;
    expect(errors.map((error) => error.msg)).toContainEqual(expect.stringContaining('Row [2]: commission 0% has no rate'));
    expect(await priceTables()).toEqual(before);
  });

  it('skips tours already in the target season', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    await call('POST', 'rollovers', request(c.f, target));
    const shown = (await call('POST', 'rollovers/preview', request(c.f, target))).json<RolloverPreview>();
    expect(shown.tours).toEqual([]);
    expect(shown.skipped.map((tour) => tour.tour_id)).toEqual([c.f.tourId]);
  });
});

describe('bad input', () => {
  const refused = async (body: object, path: string) => {
    const response = await call('POST', 'rollovers/preview', body);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json<{ errors: { msg: string; path?: string }[] }>().errors;
    expect(errors.map((error) => error.path)).toContain(path);
    const commit = await call('POST', 'rollovers', body);
    expect(commit.statusCode).toBe(400);
  };

  it('names the field of an unknown season, a season twice, an uplift out of range, a rounding not offered, a tour without a source season', async () => {
    const target = await targetSeason(c.f);
    await refused(request(c.f, target, { source_season_id: 999_999 }), 'source_season_id');
    await refused(request(c.f, target, { target_season_id: 999_999 }), 'target_season_id');
    await refused(request(c.f, target, { target_season_id: c.f.seasonId }), 'target_season_id');
    await refused(request(c.f, target, { uplift_percent: 101 }), 'uplift_percent');
    await refused(request(c.f, target, { uplift_percent: -51 }), 'uplift_percent');
    await refused({ ...request(c.f, target), round_to: 20 }, 'round_to');
    const other = await c.t.db
      .insertInto('tours')
      .values({ name: 'No season', slug: `no-season-${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(request(c.f, target, { tour_ids: [other.id] }), 'tour_ids');
  });
});

describe('replacing tour seasons already in the target season', () => {
  /** Every price table but tour_seasons hashed, and the tour seasons' own fields without their version (a rollback bumps it, as any save). */
  async function tablesAndSeasons() {
    const { tour_seasons: _versioned, ...tables } = await priceTables();
    const seasons = await c.t.db
      .selectFrom('tour_seasons')
      .select(['id', 'tour_id', 'season_id', 'deposit', 'markup_model_id', 'currency_id', 'live'])
      .orderBy('id')
      .execute();
    return { tables, seasons };
  }

  it('shows what it replaces, writes the rolled rows into the same tour season, and the rollback puts the old rows back', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    // The tour already runs in the target season, with prices of its own (a first roll-over, one gross changed since).
    const first = (await call('POST', 'rollovers', request(c.f, target))).json<RolloverCommitResult>();
    const existing = (await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).json<SeasonPricing>();
    const edited = {
      version: existing.tour_season.version,
      categories: existing.categories.map((category) => ({
        ...category,
        prices: category.prices.map((price, row) => (row === 0 ? { ...price, gross: 1400 } : price)),
      })),
      below_guardrail_confirmed: 1,
    };
    expect((await call('PUT', `tour-pricing/${c.f.tourId}/${target.seasonId}`, edited)).statusCode).toBe(200);
    const before = await tablesAndSeasons();

    const skipped = (await call('POST', 'rollovers/preview', request(c.f, target))).json<RolloverPreview>();
    expect(skipped.tours).toEqual([]);
    const shown = (await call('POST', 'rollovers/preview', request(c.f, target, { replace_existing: true, uplift_percent: 10 }))).json<RolloverPreview>();
    // Three prices, a bike and three variations held now.
    expect(shown.tours[0].replaces).toMatchObject({ tour_season_id: first.tour_seasons[0].tour_season_id, rows: 7 });

    const committed = await call('POST', 'rollovers', request(c.f, target, { replace_existing: true, uplift_percent: 10 }));
    expect(committed.statusCode, committed.body).toBe(200);
    const result = committed.json<RolloverCommitResult>();
    expect(result.tour_seasons).toEqual([{ tour_id: c.f.tourId, tour_season_id: first.tour_seasons[0].tour_season_id }]);
    const replaced = (await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).json<SeasonPricing>();
    // 1,200 + 10% = 1,320, to 5: 1,320.
    expect(replaced.categories.flatMap((category) => category.prices.map((price) => price.gross))).toEqual(
      shown.tours[0].categories.flatMap((category) => category.prices.map((price) => price.after.gross)),
    );
    expect(replaced.categories[0].prices[0].gross).toBe(1320);

    const rollback = await call('POST', `price-history/${result.change_set_id}/rollback`);
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(await tablesAndSeasons()).toEqual(before);
    expect((await call('GET', `tour-pricing/${c.f.tourId}/${target.seasonId}`)).json<SeasonPricing>().categories[0].prices[0].gross).toBe(1400);
  });

  it('refuses to replace a tour season that has bookings, listing it, and changes nothing', async () => {
    await priceSource(c.f);
    const target = await targetSeason(c.f);
    const first = (await call('POST', 'rollovers', request(c.f, target))).json<RolloverCommitResult>();
    await c.t.db
      .insertInto('bookings')
      .values({
        tour_id: c.f.tourId,
        tour_season_id: first.tour_seasons[0].tour_season_id,
        booking_reference: `ROLL-${first.change_set_id}`,
        title: '',
        first_name: 'Ada',
        last_name: 'Byron',
        status: 'pending',
        tour_name: 'Tour',
        comments: '',
      })
      .execute();
    const before = await tablesAndSeasons();
    const committed = await call('POST', 'rollovers', request(c.f, target, { replace_existing: true }));
    expect(committed.statusCode).toBe(400);
    expect(committed.json<{ errors: { msg: string }[] }>().errors.map((error) => error.msg)).toContainEqual(expect.stringContaining('has bookings'));
    expect(await tablesAndSeasons()).toEqual(before);
  });
});
