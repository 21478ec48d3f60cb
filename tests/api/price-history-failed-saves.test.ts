import { describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createPricedFixture } from '../helpers/priced-fixture.js';
import { pricingTestContext } from '../helpers/pricing-test-context.js';

// A failed save leaves no change set (issue 22): each price-writing route is made to fail after
// it has written rows (and, for the extras, after an earlier extra's change set was opened in its
// transaction), and the count of change sets and changes is checked unchanged.

const c = pricingTestContext({ make: createPricedFixture });

/** No such record: a foreign key fails when the row is written, deep inside the save (a 409 naming the field). */
const MISSING_ID = 987_654;

const call = (method: 'GET' | 'PUT', path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const version = async () => (await c.t.db.selectFrom('tour_seasons').select('version').where('id', '=', c.f.tourSeasonId).executeTakeFirstOrThrow()).version;
const historyCounts = async () => {
  const count = async (table: 'price_change_sets' | 'price_changes') =>
    Number(
      (
        await c.t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { sets: await count('price_change_sets'), changes: await count('price_changes') };
};

/** Runs a save that must be refused with `status`, and checks it left the history and the season's version as they were. */
async function expectRefusedWithoutHistory(status: number, save: () => Promise<{ statusCode: number; body: string }>) {
  const before = { history: await historyCounts(), version: await version() };
  const response = await save();
  expect(response.statusCode, response.body).toBe(status);
  expect({ history: await historyCounts(), version: await version() }).toEqual(before);
}

describe('a failed save leaves no change set', () => {
  it('pricing: a stale version, and a row failing its foreign key after the changed rows', async () => {
    const pricing = (await call('GET', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`)).json<SeasonPricing>();
    const body = (stale: boolean, extraRoomType?: number) => ({
      version: stale ? pricing.tour_season.version - 1 : pricing.tour_season.version,
      categories: pricing.categories.map((category) => ({
        ...category,
        prices: [
          ...category.prices.map(({ net: _net, cost: _cost, ...price }, index) => (index === 0 ? { ...price, gross: price.gross + 50 } : price)),
          ...(extraRoomType === undefined ? [] : [{ room_type_id: extraRoomType, gross: 10, non_com: 0, adjustment: 0, markup_rate_id: c.f.rates.r20 }]),
        ],
      })),
    });
    await expectRefusedWithoutHistory(409, () => call('PUT', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`, body(true)));
    await expectRefusedWithoutHistory(409, () => call('PUT', `tour-pricing/${c.f.tourId}/${c.f.seasonId}`, body(false, MISSING_ID)));
  });

  it('bikes: a changed bike and a new one of a bike that does not exist', async () => {
    const { bikes } = (await call('GET', `tour-bikes/${c.f.tourId}/${c.f.seasonId}`)).json<{ bikes: { id: number; bike_id: number }[] }>();
    await expectRefusedWithoutHistory(409, async () =>
      call('PUT', `tour-bikes/${c.f.tourId}/${c.f.seasonId}`, {
        version: await version(),
        bikes: [
          { id: bikes[0].id, bike_id: c.f.bikeId, gross: 150, markup_rate_id: c.f.rates.r20 },
          { bike_id: MISSING_ID, gross: 90, markup_rate_id: c.f.rates.r20 },
        ],
      }),
    );
  });

  it('supplements: the first extra written (its change set opened), the second failing', async () => {
    const variation = (fields: object = {}) => ({ gross: 100, markup_rate_id: c.f.rates.r20, ...fields });
    const supplement = (variations: object[]) => ({ name: 'Transfer', guidance: 2, nights: 7, order: 1, variations });
    await expectRefusedWithoutHistory(409, async () =>
      call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/party`, {
        version: await version(),
        extras: [supplement([variation(), variation()]), supplement([variation({ bike_id: MISSING_ID })])],
        removed_ids: [],
      }),
    );
  });

  it('extra nights: the first extra written, the second failing; and one extra failing on its own', async () => {
    const night = (roomTypeId: number) => ({ start: '2026-04-01', end: '2026-10-31', room_type_id: roomTypeId, gross: 80, markup_rate_id: c.f.rates.r20 });
    const extra = (roomTypeId: number) => ({ name: 'Extra night', pre: true, post: false, variations: [night(roomTypeId)] });
    await expectRefusedWithoutHistory(409, async () =>
      call('PUT', `tour-extras/${c.f.tourId}/${c.f.seasonId}/room`, {
        version: await version(),
        extras: [extra(c.f.roomTypeId), extra(MISSING_ID)],
        removed_ids: [],
      }),
    );
    await expectRefusedWithoutHistory(409, async () =>
      c.t.app.inject({
        method: 'POST',
        url: `/api/v1/tour-extras/${c.f.tourId}/${c.f.seasonId}/room`,
        headers: c.t.auth,
        payload: { version: await version(), ...extra(MISSING_ID) },
      }),
    );
  });

  it('reductions: a changed amount and a new row of a room type that does not exist', async () => {
    const url = `tour-reductions/${c.f.tourId}/${c.f.seasonId}`;
    const saved = await call('PUT', url, { version: await version(), reductions: [{ order: 1, percent: 100 }], removed_ids: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stored] = saved.json<{ reductions: { id: number }[] }>().reductions;
    await expectRefusedWithoutHistory(409, async () =>
      call('PUT', url, {
        version: await version(),
        reductions: [
          { id: stored.id, order: 1, percent: 60 },
          { order: 2, percent: 50, room_type_id: MISSING_ID },
        ],
        removed_ids: [],
      }),
    );
    await expectRefusedWithoutHistory(409, async () =>
      call('PUT', url, { version: (await version()) - 1, reductions: [{ id: stored.id, order: 1, percent: 60 }], removed_ids: [] }),
    );
  });
});
