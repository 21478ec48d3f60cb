import { describe, expect, it } from 'vitest';
import { pricingTestContext } from '../helpers/pricing-test-context.js';
import type { ErrorBody } from '../helpers/tour-test-data.js';

// Issue 27: every save that stores a gross, non-com or adjustment refuses what a price cell refuses
// (a negative gross or non-com, a third decimal, an amount past the money limit), a plain row
// without a gross and a formula whose result is negative: 400 naming the row as the grid numbers
// it (`#`) and the column, and nothing written.

const c = pricingTestContext();

type Method = 'GET' | 'PUT' | 'POST';
const send = (method: Method, path: string, payload?: object) => c.t.app.inject({ method, url: `/api/v1/${path}`, headers: c.t.auth, payload });
const season = () => `${c.f.tourId}/${c.f.seasonId}`;
const errorsOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().errors;

/** Everything the season stores, to show a refused save wrote nothing. */
const storedSeason = async () => ({
  pricing: (await send('GET', `tour-pricing/${season()}`)).json<object>(),
  bikes: (await send('GET', `tour-bikes/${season()}`)).json<object>(),
  party: (await send('GET', `tour-extras/${season()}/party`)).json<object>(),
  room: (await send('GET', `tour-extras/${season()}/room`)).json<object>(),
});

const price = (fields: Record<string, unknown>) => ({ room_type_id: c.f.roomTypeId, gross: 675, markup_rate_id: c.f.rates.r20, ...fields });
const savePrices = (prices: object[][]) =>
  send('PUT', `tour-pricing/${season()}`, {
    version: 1,
    categories: prices.map((group, index) => ({ start: `2026-0${5 + index}-01`, end: `2026-0${5 + index}-28`, nights: 7, prices: group })),
  });

describe('the season pricing save', () => {
  it.each([
    ['a negative gross', { gross: -500 }, 'Gross: A gross cannot be negative', 'gross'],
    ['a negative non-com', { non_com: -10 }, 'Non-com: A non-com cannot be negative', 'non_com'],
    ['an adjustment of three decimals', { adjustment: 1.005 }, 'Adjustment: At most two decimals: 1.005 has three', 'adjustment'],
    ['a gross past the money limit', { gross: 99999999999999 }, 'Gross: At most 10,000,000', 'gross'],
    ['an adjustment past the money limit below zero', { adjustment: -20_000_000 }, 'Adjustment: At least -10,000,000', 'adjustment'],
  ])('refuses %s, naming the row as the grid numbers it across groups and the column, and writes nothing', async (_name, fields, message, field) => {
    const before = await storedSeason();
    // Row 3 of the grid is the first price of the second group.
    const response = await savePrices([[price({}), price({}), price({})], [price(fields)]]);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([{ msg: `Row 3 (new price in group 2), ${message}`, path: `categories.1.prices.0.${field}` }]);
    expect(await storedSeason()).toEqual(before);
  });

  it('names every broken field of every row at once', async () => {
    const response = await savePrices([[price({ gross: -1, non_com: -2 }), price({ adjustment: 0.001 })]]);
    expect(errorsOf(response).map((error) => error.msg)).toEqual([
      'Row 0 (new price in group 1), Gross: A gross cannot be negative',
      'Row 0 (new price in group 1), Non-com: A non-com cannot be negative',
      'Row 1 (new price in group 1), Adjustment: At most two decimals: 0.001 has three',
    ]);
  });

  it.each([
    ['null', { gross: null }],
    ['left out', { gross: undefined }],
  ])('refuses a plain row whose gross is %s, never storing it as 0', async (_name, fields) => {
    const before = await storedSeason();
    const response = await savePrices([[price({}), price(fields)]]);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([{ msg: 'Row 1 (new price in group 1): Gross is missing', path: 'categories.0.prices.1.gross' }]);
    expect(await storedSeason()).toEqual(before);
  });

  it('refuses a formula whose result is negative, naming its row', async () => {
    const response = await savePrices([[price({ gross: 100 }), price({ formula: '[0]-150' })]]);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([
      { msg: 'Row 1 (new price in group 1): The formula gives -50: a gross cannot be negative', path: 'categories.0.prices.1.gross' },
    ]);
  });

  it("ignores a formula row's typed gross and keeps its result's decimals, as legacy prices have them", async () => {
    const response = await savePrices([[price({ formula: '(1190*2+1190/2)/3', gross: -3 }), price({ formula: '[0]', gross: null })]]);
    expect(response.statusCode).toBe(200);
    const grosses = response.json<{ categories: { prices: { gross: number }[] }[] }>().categories[0].prices.map((stored) => stored.gross);
    expect(grosses).toEqual([(1190 * 2 + 1190 / 2) / 3, (1190 * 2 + 1190 / 2) / 3]);
  });

  it('takes a negative adjustment, two decimals and the limit itself', async () => {
    const response = await savePrices([[price({ gross: 10_000_000, non_com: 0.5, adjustment: -10.25 })]]);
    expect(response.statusCode).toBe(200);
  });
});

describe('the bikes save', () => {
  it('refuses a negative gross naming the row and the column, and writes nothing', async () => {
    const before = await storedSeason();
    const bike = (gross: number | null) => ({ bike_id: c.f.bikeId, gross, markup_rate_id: c.f.rates.r20 });
    const response = await send('PUT', `tour-bikes/${season()}`, { version: 1, bikes: [bike(40), bike(-40), bike(null)] });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([{ msg: 'Row 1 (new bike), Gross: A gross cannot be negative', path: 'bikes.1.gross' }]);
    expect(await storedSeason()).toEqual(before);
  });

  it('refuses a bike without a gross', async () => {
    const response = await send('PUT', `tour-bikes/${season()}`, { version: 1, bikes: [{ bike_id: c.f.bikeId, markup_rate_id: c.f.rates.r20 }] });
    expect(errorsOf(response)).toEqual([{ msg: 'Row 0 (new bike): Gross is missing', path: 'bikes.0.gross' }]);
  });
});

describe('the supplements and extra nights saves', () => {
  const variation = (fields: Record<string, unknown>) => ({ gross: 50, markup_rate_id: c.f.rates.r20, ...fields });

  it('refuses a supplement variation with a negative non-com, naming its extra, row and column, and writes nothing', async () => {
    const before = await storedSeason();
    const response = await send('PUT', `tour-extras/${season()}/party`, {
      version: 1,
      removed_ids: [],
      extras: [
        { name: 'Picnic', variations: [variation({})] },
        { name: 'Transfer', variations: [variation({}), variation({ non_com: -10 })] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([
      { msg: 'Row 1 (new variation of extra "Transfer"), Non-com: A non-com cannot be negative', path: 'extras.1.variations.1.non_com' },
    ]);
    expect(await storedSeason()).toEqual(before);
  });

  it('refuses an extra night variation with a third decimal or without a gross', async () => {
    const before = await storedSeason();
    const response = await send('PUT', `tour-extras/${season()}/room`, {
      version: 1,
      removed_ids: [],
      extras: [{ name: 'Extra night', variations: [variation({ adjustment: 2.345 }), variation({ gross: null })] }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([
      { msg: 'Row 0 (new variation of extra "Extra night"), Adjustment: At most two decimals: 2.345 has three', path: 'extras.0.variations.0.adjustment' },
    ]);
    expect(await storedSeason()).toEqual(before);
  });

  it('refuses a variation added alone the same way', async () => {
    const created = await send('POST', `tour-extras/${season()}/party`, { version: 1, name: 'Picnic', variations: [variation({})] });
    expect(created.statusCode).toBe(201);
    const { extra, version } = created.json<{ extra: { id: number }; version: number }>();
    const response = await send('POST', `tour-extras/${season()}/party/${extra.id}`, { version, ...variation({ gross: -5 }) });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([
      { msg: 'Row 1 (new variation of extra ' + extra.id + '), Gross: A gross cannot be negative', path: 'variations.1.gross' },
    ]);
  });
});
