import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computePrice } from '../../src/domain/price-maths.js';
import type {
  PartyExtra,
  PartyExtraAnswer,
  PartyExtrasList,
  PartyExtrasSeasonSaved,
  PartyVariationAdded,
  RoomExtraAnswer,
  RoomExtrasList,
  RoomExtrasSeasonSaved,
  RoomVariationAdded,
} from '../../src/domain/tours/tour-extras-schemas.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let f: PricingFixture;
let accommodationId: number;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  f = await createPricingFixture(t.db);
  accommodationId = (await t.db.insertInto('accommodation_categories').values({ name: 'Comfort' }).returning('id').executeTakeFirstOrThrow()).id;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/tour-extras/${f.tourId}/${f.seasonId}/${path}`, headers: t.auth, payload });
const party = () => call('GET', 'party').then((response) => response.json<PartyExtrasList>());
const room = () => call('GET', 'room').then((response) => response.json<RoomExtrasList>());

/** What the fixture's 20% rate (supplement markup 1.2) at 1.1 euro per pound makes of a gross. */
const supplementPrice = (gross: number, extra: { non_com?: number; adjustment?: number } = {}) => {
  const rate = { id: f.rates.r20, commission: 20, markup: 1.32, supplement_markup: 1.2 };
  const { net, cost } = computePrice(
    { gross, non_com: extra.non_com ?? 0, adjustment: extra.adjustment ?? 0, markup_rate_id: rate.id },
    rate,
    1.1,
    'supplement',
  );
  return { net, cost };
};
const variation = (gross: number, fields: Record<string, unknown> = {}) => ({ gross, markup_rate_id: f.rates.r20, ...fields });
const partyExtra = (fields: Record<string, unknown> = {}) => ({
  name: 'Airport transfer',
  guidance: 2,
  nights: 7,
  order: 1,
  variations: [variation(675)],
  ...fields,
});

describe('party extras (supplements)', () => {
  it('reads a season without extras, with the season it prices with', async () => {
    const list = await party();
    expect(list.extras).toEqual([]);
    expect(list.tour_season).toMatchObject({ id: f.tourSeasonId, version: 1, currency: { rate: 1.1 } });
  });

  it('creates an extra with variations priced at the supplement markup, and min and max pax null when not numeric', async () => {
    const response = await call('POST', 'party', {
      version: 1,
      ...partyExtra({
        variations: [
          variation(675, { min_pax: '', max_pax: 'abc', accommodation_category_id: accommodationId }),
          variation(0, { formula: '[0]/2', min_pax: '3', max_pax: 8, bike_id: f.bikeId, adjustment: 5 }),
        ],
      }),
    });
    expect(response.statusCode).toBe(201);
    const { extra, version: next } = response.json<PartyExtraAnswer>();
    expect(next).toBe(2);
    expect(extra).toMatchObject({ name: 'Airport transfer', guidance: 2, nights: 7, order: 1, tour_season_id: f.tourSeasonId });
    expect(extra.variations[0]).toMatchObject({
      min_pax: null,
      max_pax: null,
      accommodation_category_id: accommodationId,
      gross: 675,
      ...supplementPrice(675),
    });
    expect(extra.variations[1]).toMatchObject({
      min_pax: 3,
      max_pax: 8,
      bike_id: f.bikeId,
      formula: '[0]/2',
      gross: 337.5,
      ...supplementPrice(337.5, { adjustment: 5 }),
    });
    // The worked example at the supplement markup: net 540, ROUNDUP(540 / 1.1 * 1.2) = 590.
    expect(extra.variations[0]).toMatchObject({ net: 540, cost: 590 });
    expect((await call('GET', `party/${extra.id}`)).json<PartyExtraAnswer>()).toEqual({ extra, version: 2 });
  });

  it('ignores net and cost sent by the client', async () => {
    const response = await call('POST', 'party', { version: 1, ...partyExtra({ variations: [{ ...variation(675), net: 1, cost: 1 }] }) });
    expect(response.json<PartyExtraAnswer>().extra.variations[0]).toMatchObject({ net: 540, cost: 590 });
  });

  it('updates an extra, keeping, changing, adding and dropping variations as sent', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra({ variations: [variation(100), variation(200)] }) })).json<PartyExtraAnswer>();
    const [first, second] = created.extra.variations;
    const response = await call('PUT', `party/${created.extra.id}`, {
      version: created.version,
      ...partyExtra({ name: 'Transfer', guidance: 0, variations: [variation(0, { formula: '[1]+10' }), { ...variation(150), id: first.id }] }),
    });
    expect(response.statusCode).toBe(200);
    const { extra, version: next } = response.json<PartyExtraAnswer>();
    expect(next).toBe(created.version + 1);
    expect(extra.name).toBe('Transfer');
    expect(extra.variations.map((row) => [row.gross, row.formula])).toEqual([
      [160, '[1]+10'],
      [150, null],
    ]);
    expect(extra.variations[1].id).toBe(first.id);
    expect(extra.variations.map((row) => row.id)).not.toContain(second.id);
    expect(extra.variations[1]).toMatchObject(supplementPrice(150));
  });

  it('adds a variation at the end of an extra (POST on the extra)', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra({ variations: [variation(100)] }) })).json<PartyExtraAnswer>();
    const response = await call('POST', `party/${created.extra.id}`, {
      version: created.version,
      ...variation(0, { formula: '[0]*2', min_pax: 'x', max_pax: '4' }),
    });
    expect(response.statusCode).toBe(201);
    const added = response.json<PartyVariationAdded>();
    expect(added.version).toBe(created.version + 1);
    expect(added.extra.variations).toHaveLength(2);
    expect(added.variation).toMatchObject({
      id: added.extra.variations[1].id,
      formula: '[0]*2',
      gross: 200,
      min_pax: null,
      max_pax: 4,
      ...supplementPrice(200),
    });
    expect(added.extra.variations[0].id).toBe(created.extra.variations[0].id);
  });

  it('deletes an extra with its variations', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra() })).json<PartyExtraAnswer>();
    const response = await call('DELETE', `party/${created.extra.id}?version=${created.version}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: created.extra.id, version: created.version + 1 });
    expect((await call('GET', `party/${created.extra.id}`)).statusCode).toBe(404);
    const orphans = await t.db.selectFrom('tour_party_extra_variations').select('id').where('tour_party_extra_id', '=', created.extra.id).execute();
    expect(orphans).toEqual([]);
  });

  it('saves the whole season at once, naming what it created, updated and deleted', async () => {
    const a = (await call('POST', 'party', { version: 1, ...partyExtra({ name: 'A', order: 0 }) })).json<PartyExtraAnswer>();
    const b = (await call('POST', 'party', { version: 2, ...partyExtra({ name: 'B', order: 1 }) })).json<PartyExtraAnswer>();
    const c = (await call('POST', 'party', { version: 3, ...partyExtra({ name: 'C', order: 2 }) })).json<PartyExtraAnswer>();
    const response = await call('PUT', 'party', {
      version: 4,
      extras: [
        { ...partyExtra({ name: 'A2', order: 0 }), id: a.extra.id, variations: [{ ...variation(10), id: a.extra.variations[0].id }] },
        partyExtra({ name: 'New', order: 3 }),
      ],
      removed_ids: [b.extra.id],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<PartyExtrasSeasonSaved>();
    expect(saved.tour_season.version).toBe(5);
    expect(saved.updated_ids).toEqual([a.extra.id]);
    expect(saved.deleted_ids).toEqual([b.extra.id, c.extra.id]);
    expect(saved.created_ids).toHaveLength(1);
    expect(saved.extras.map((extra) => [extra.id, extra.name])).toEqual([
      [a.extra.id, 'A2'],
      [saved.created_ids[0], 'New'],
    ]);
    expect(saved.extras[0].variations[0]).toMatchObject({ id: a.extra.variations[0].id, gross: 10, ...supplementPrice(10) });
    expect(await party()).toEqual({ tour_season: saved.tour_season, extras: saved.extras });
  });

  it('refuses a stale version with 409 on every write and changes nothing', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra() })).json<PartyExtraAnswer>();
    const before = await party();
    const attempts = [
      call('POST', 'party', { version: 1, ...partyExtra() }),
      call('PUT', `party/${created.extra.id}`, { version: 1, ...partyExtra({ name: 'Stale' }) }),
      call('POST', `party/${created.extra.id}`, { version: 1, ...variation(5) }),
      call('DELETE', `party/${created.extra.id}?version=1`),
      call('PUT', 'party', { version: 1, extras: [] }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({ msg: expect.stringContaining('changed by someone else'), path: 'version' });
    }
    expect(await party()).toEqual(before);
  });

  // Bodies are built when each test runs: the fixture's ids exist only then.
  it.each([
    ['an unknown guidance', () => partyExtra({ guidance: 5 }), 'guidance'],
    ['pax that is not a whole number', () => partyExtra({ variations: [variation(1, { min_pax: 2.5 })] }), 'variations.0.min_pax'],
    ['pax of the wrong kind', () => partyExtra({ variations: [variation(1, { max_pax: true })] }), 'variations.0.max_pax'],
    ['a gross that is not a number', () => partyExtra({ variations: [variation(1, { gross: '12' })] }), 'variations.0.gross'],
    ['a huge gross', () => partyExtra({ variations: [variation(1e12)] }), 'variations.0.gross'],
    ['no version', () => ({ ...partyExtra(), version: undefined }), 'version'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, path) => {
    const before = await party();
    const response = await call('POST', 'party', { version: 1, ...body() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await party()).toEqual(before);
  });

  it('refuses a formula error, naming the row of the extra, and changes nothing', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra({ variations: [variation(100)] }) })).json<PartyExtraAnswer>();
    const before = await party();
    const response = await call('PUT', 'party', {
      version: created.version,
      extras: [{ ...partyExtra(), id: created.extra.id, variations: [variation(0, { formula: '[1]' }), variation(0, { formula: '[0]+1' })] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ msg: expect.stringMatching(/^Row 0 .*ircular/), path: 'extras.0.variations.0.gross' });
    expect(await party()).toEqual(before);
  });

  it("numbers formula rows within each extra, and refuses a row past the extra's last (issue 19)", async () => {
    const response = await call('PUT', 'party', {
      version: 1,
      extras: [
        partyExtra({ variations: [variation(100), variation(0, { formula: '[0]+1' })] }),
        partyExtra({ variations: [variation(7), variation(0, { formula: '[0]*2' })] }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const grosses = response.json<PartyExtrasSeasonSaved>().extras.map((extra) => extra.variations.map((row) => row.gross));
    expect(grosses).toEqual([
      [100, 101],
      [7, 14],
    ]);
    const far = await call('PUT', 'party', { version: 2, extras: [partyExtra({ variations: [variation(7), variation(0, { formula: '[0]+[5]' })] })] });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors[0]).toMatchObject({
      msg: expect.stringMatching(/^Row 1 .*Refers to row 5, beyond the last row \(1\)$/),
      path: 'extras.0.variations.1.gross',
    });
  });

  it('stores a season save in one transaction: a failing row leaves everything as it was', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra({ name: 'Kept', variations: [variation(100)] }) })).json<PartyExtraAnswer>();
    const before = await party();
    const response = await call('PUT', 'party', {
      version: created.version,
      extras: [
        { ...partyExtra({ name: 'Renamed' }), id: created.extra.id, variations: [{ ...variation(999), id: created.extra.variations[0].id }] },
        partyExtra({ name: 'Broken', variations: [variation(5), variation(6, { bike_id: 987654 })] }),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toContain('bike_id 987654');
    expect(await party()).toEqual(before);
  });

  it('refuses extras and variations that are not part of the season or the extra', async () => {
    const mine = (await call('POST', 'party', { version: 1, ...partyExtra() })).json<PartyExtraAnswer>();
    const other = await createPricingFixture(t.db);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tour-extras/${other.tourId}/${other.seasonId}/party`,
      headers: t.auth,
      payload: {
        version: 1,
        ...partyExtra({ variations: [variation(1, { markup_rate_id: other.rates.r20 }), variation(2, { markup_rate_id: other.rates.r20 })] }),
      },
    });
    const theirs = foreign.json<PartyExtraAnswer>().extra;
    const cases = [
      call('PUT', 'party', { version: mine.version, extras: [{ ...partyExtra(), id: theirs.id }] }),
      call('PUT', 'party', {
        version: mine.version,
        extras: [{ ...partyExtra(), id: mine.extra.id, variations: [{ ...variation(1), id: theirs.variations[0].id }] }],
      }),
      call('PUT', 'party', {
        version: mine.version,
        extras: [
          { ...partyExtra(), id: mine.extra.id },
          { ...partyExtra(), id: mine.extra.id },
        ],
      }),
      call('PUT', 'party', { version: mine.version, extras: [{ ...partyExtra(), id: mine.extra.id }], removed_ids: [mine.extra.id] }),
      call('PUT', 'party', { version: mine.version, extras: [], removed_ids: [theirs.id] }),
    ];
    for (const response of await Promise.all(cases)) expect(response.statusCode).toBe(400);
    for (const [method, path] of [
      ['GET', `party/${theirs.id}`],
      ['PUT', `party/${theirs.id}`],
      ['DELETE', `party/${theirs.id}?version=${mine.version}`],
      ['POST', `party/${theirs.id}`],
    ] as const) {
      const response = await call(
        method,
        path,
        method === 'PUT' ? { version: mine.version, ...partyExtra() } : method === 'POST' ? { version: mine.version, ...variation(1) } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await party()).extras.map((extra: PartyExtra) => extra.id)).toEqual([mine.extra.id]);
  });

  it('keeps a hand-typed cost the season cannot price while its inputs are unchanged, and refuses to price changed rows at 0', async () => {
    const created = (await call('POST', 'party', { version: 1, ...partyExtra({ variations: [variation(100), variation(200)] }) })).json<PartyExtraAnswer>();
    const [kept, changed] = created.extra.variations;
    // A legacy season: no model, and costs typed by hand.
    await t.db.updateTable('tour_seasons').set({ markup_model_id: null }).where('id', '=', f.tourSeasonId).execute();
    await t.db.updateTable('tour_party_extra_variations').set({ net: 77, cost: 185 }).where('tour_party_extra_id', '=', created.extra.id).execute();
    const { version: read } = (await party()).tour_season;
    const refused = await call('PUT', 'party', {
      version: read,
      extras: [
        {
          ...partyExtra(),
          id: created.extra.id,
          variations: [{ ...variation(100), id: kept.id }, { ...variation(250, { adjustment: 3 }), id: changed.id }, variation(50)],
        },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { msg: string; path: string }[] }>().errors.map((error) => error.path)).toEqual([
      'extras.0.variations.1.markup_rate_id',
      'extras.0.variations.2.markup_rate_id',
    ]);
    const response = await call('PUT', 'party', {
      version: read,
      extras: [{ ...partyExtra(), id: created.extra.id, variations: [{ ...variation(100), id: kept.id }] }],
    });
    expect(response.statusCode).toBe(200);
    const [extra] = response.json<PartyExtrasSeasonSaved>().extras;
    expect(extra.variations.map((row) => [row.gross, row.net, row.cost])).toEqual([[100, 77, 185]]);
  });

  it('answers 404 for a tour without that season', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/tour-extras/${f.tourId}/999999/party`, headers: t.auth });
    expect(response.statusCode).toBe(404);
  });
});

const roomVariation = (gross: number, fields: Record<string, unknown> = {}) => ({
  start: '2026-04-01',
  end: '2026-10-31',
  room_type_id: f.roomTypeId,
  accommodation_category_id: accommodationId,
  specific_dates: ['2026-05-01'],
  restricted_dates: ['2026-08-15'],
  restricted_days: [0, 6],
  ...variation(gross, fields),
});
const roomExtra = (fields: Record<string, unknown> = {}) => ({
  name: 'Extra night in Constance',
  pre: true,
  post: false,
  variations: [roomVariation(80)],
  ...fields,
});

describe('room extras (extra nights)', () => {
  it('creates, reads, updates, extends and deletes an extra with dated variations', async () => {
    const created = await call('POST', 'room', { version: 1, ...roomExtra() });
    expect(created.statusCode).toBe(201);
    const { extra, version: afterCreate } = created.json<RoomExtraAnswer>();
    expect(extra).toMatchObject({ name: 'Extra night in Constance', pre: true, post: false, tour_season_id: f.tourSeasonId });
    expect(extra.variations[0]).toMatchObject({
      start: '2026-04-01',
      end: '2026-10-31',
      room_type_id: f.roomTypeId,
      accommodation_category_id: accommodationId,
      specific_dates: ['2026-05-01'],
      restricted_dates: ['2026-08-15'],
      restricted_days: [0, 6],
      gross: 80,
      ...supplementPrice(80),
    });
    expect((await call('GET', `room/${extra.id}`)).json<RoomExtraAnswer>()).toEqual({ extra, version: afterCreate });

    const updated = await call('PUT', `room/${extra.id}`, {
      version: afterCreate,
      ...roomExtra({ pre: false, post: true, variations: [{ ...roomVariation(90, { restricted_days: [] }), id: extra.variations[0].id }] }),
    });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = updated.json<RoomExtraAnswer>();
    expect(afterUpdate.extra).toMatchObject({ pre: false, post: true });
    expect(afterUpdate.extra.variations[0]).toMatchObject({ id: extra.variations[0].id, gross: 90, restricted_days: [], ...supplementPrice(90) });

    const added = await call('POST', `room/${extra.id}`, { version: afterUpdate.version, ...roomVariation(0, { formula: '[0]+10', start: null, end: null }) });
    expect(added.statusCode).toBe(201);
    const afterAdd = added.json<RoomVariationAdded>();
    expect(afterAdd.variation).toMatchObject({ formula: '[0]+10', gross: 100, start: null, end: null, ...supplementPrice(100) });

    const deleted = await call('DELETE', `room/${extra.id}?version=${afterAdd.version}`);
    expect(deleted.json()).toEqual({ deleted: extra.id, version: afterAdd.version + 1 });
    expect((await room()).extras).toEqual([]);
  });

  it('refuses an extra with neither Pre nor Post, and changes nothing', async () => {
    const response = await call('POST', 'room', { version: 1, ...roomExtra({ pre: false, post: false }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ msg: 'Check Pre, Post or both', path: 'pre' });
    const seasonWide = await call('PUT', 'room', { version: 1, extras: [roomExtra({ pre: false, post: false })] });
    expect(seasonWide.statusCode).toBe(400);
    expect(await room()).toMatchObject({ extras: [], tour_season: { version: 1 } });
  });

  it.each([
    ['a date that is not a date', { start: '31/12/2026' }, 'start'],
    ['a weekday out of range', { restricted_days: [7] }, 'restricted_days.0'],
    ['a specific date that is not real', { specific_dates: ['2026-13-01'] }, 'specific_dates.0'],
  ])('refuses %s with 400', async (_label, fields, path) => {
    const response = await call('POST', 'room', { version: 1, ...roomExtra({ variations: [roomVariation(1, fields)] }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(`variations.0.${path}`);
  });

  it('saves the season at once in one transaction, and keeps it when a row fails', async () => {
    const first = await call('PUT', 'room', { version: 1, extras: [roomExtra({ name: 'Before' }), roomExtra({ name: 'After', pre: false, post: true })] });
    expect(first.statusCode).toBe(200);
    const saved = first.json<RoomExtrasSeasonSaved>();
    expect(saved.created_ids).toHaveLength(2);
    expect(saved.extras.map((extra) => [extra.name, extra.pre, extra.post])).toEqual([
      ['Before', true, false],
      ['After', false, true],
    ]);
    const before = await room();
    const failing = await call('PUT', 'room', {
      version: saved.tour_season.version,
      extras: [{ ...roomExtra({ name: 'Changed' }), id: saved.extras[0].id }, roomExtra({ variations: [roomVariation(1, { room_type_id: 987654 })] })],
      removed_ids: [saved.extras[1].id],
    });
    expect(failing.statusCode).toBe(409);
    expect(await room()).toEqual(before);
    const stale = await call('PUT', 'room', { version: 1, extras: [] });
    expect(stale.statusCode).toBe(409);
    expect(await room()).toEqual(before);
  });
});
