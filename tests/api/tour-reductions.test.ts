import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReductionAnswer, ReductionsList, ReductionsSeasonSaved } from '../../src/domain/tours/tour-reductions-schemas.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  f = await createPricingFixture(t.db);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/tour-reductions/${f.tourId}/${f.seasonId}${path}`, headers: t.auth, payload });
const list = () => call('GET', '').then((response) => response.json<ReductionsList>());
const child = (fields: Record<string, unknown> = {}) => ({
  order: 1,
  percent: 50,
  input_quantity: 2,
  input_min: 18,
  output_min: 6,
  output_max: 13,
  child_calc_room: 1,
  ...fields,
});

describe('tour reductions', () => {
  it('reads a season without reductions, with its version', async () => {
    expect(await list()).toMatchObject({ reductions: [], tour_season: { id: f.tourSeasonId, version: 1 } });
  });

  it('creates a reduction with every field', async () => {
    const response = await call('POST', '', {
      version: 1,
      ...child({ cost: 12.5, room_type_id: f.roomTypeId, output_quantity: 1, input_max: 99, child_calc_accommodation: 2 }),
    });
    expect(response.statusCode).toBe(201);
    const { reduction, version } = response.json<ReductionAnswer>();
    expect(version).toBe(2);
    expect(reduction).toEqual({
      id: expect.any(Number),
      tour_season_id: f.tourSeasonId,
      order: 1,
      percent: 50,
      cost: 12.5,
      room_type_id: f.roomTypeId,
      deck_id: null,
      output_quantity: 1,
      output_min: 6,
      output_max: 13,
      input_quantity: 2,
      input_min: 18,
      input_max: 99,
      child_calc_room: 1,
      child_calc_accommodation: 2,
    });
    expect((await list()).reductions).toEqual([reduction]);
  });

  it('makes a new reduction a free-child one when percent and output max are left out', async () => {
    const response = await call('POST', '', { version: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json<ReductionAnswer>().reduction).toMatchObject({ percent: 100, output_max: 5, output_min: null, cost: null, input_min: null });
  });

  it('turns empty or non-numeric percent, cost, input and output fields into null', async () => {
    const response = await call('POST', '', {
      version: 1,
      percent: '',
      cost: 'free',
      input_quantity: ' ',
      input_min: 'adult',
      input_max: null,
      output_quantity: '2',
      output_min: '',
      output_max: 'five',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<ReductionAnswer>().reduction).toMatchObject({
      percent: null,
      cost: null,
      input_quantity: null,
      input_min: null,
      input_max: null,
      output_quantity: 2,
      output_min: null,
      output_max: null,
    });
  });

  it('updates and deletes one reduction', async () => {
    const created = (await call('POST', '', { version: 1, ...child() })).json<ReductionAnswer>();
    const updated = await call('PUT', `/${created.reduction.id}`, { version: created.version, ...child({ percent: '25', output_min: 14, output_max: 17 }) });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = updated.json<ReductionAnswer>();
    expect(afterUpdate).toMatchObject({ version: created.version + 1, reduction: { id: created.reduction.id, percent: 25, output_min: 14, output_max: 17 } });
    const deleted = await call('DELETE', `/${created.reduction.id}?version=${afterUpdate.version}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: created.reduction.id, version: afterUpdate.version + 1 });
    expect((await list()).reductions).toEqual([]);
  });

  it('saves the whole list at once, in order, naming what it created, updated and deleted', async () => {
    const a = (await call('POST', '', { version: 1, ...child({ order: 1 }) })).json<ReductionAnswer>();
    const b = (await call('POST', '', { version: 2, ...child({ order: 2 }) })).json<ReductionAnswer>();
    const response = await call('PUT', '', {
      version: 3,
      reductions: [child({ order: 0, percent: 100, output_min: '', output_max: 5 }), { ...child({ order: 2, percent: 'x' }), id: a.reduction.id }],
      removed_ids: [b.reduction.id],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<ReductionsSeasonSaved>();
    expect(saved).toMatchObject({ updated_ids: [a.reduction.id], deleted_ids: [b.reduction.id], tour_season: { version: 4 } });
    expect(saved.created_ids).toHaveLength(1);
    expect(saved.reductions.map((row) => [row.id, row.order, row.percent, row.output_min])).toEqual([
      [saved.created_ids[0], 0, 100, null],
      [a.reduction.id, 2, null, 6],
    ]);
    expect(await list()).toEqual({ tour_season: saved.tour_season, reductions: saved.reductions });
  });

  it('refuses a stale version with 409 on every write and changes nothing', async () => {
    const created = (await call('POST', '', { version: 1, ...child() })).json<ReductionAnswer>();
    const before = await list();
    for (const response of [
      await call('POST', '', { version: 1, ...child() }),
      await call('PUT', `/${created.reduction.id}`, { version: 1, ...child({ percent: 10 }) }),
      await call('DELETE', `/${created.reduction.id}?version=1`),
      await call('PUT', '', { version: 1, reductions: [] }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0].path).toBe('version');
    }
    expect(await list()).toEqual(before);
  });

  it.each([
    ['a percent over 100', { percent: 150 }, 'percent'],
    ['a negative age', { output_min: -1 }, 'output_min'],
    ['an age that is not whole', { input_min: '17.5' }, 'input_min'],
    ['a field of the wrong kind', { output_max: true }, 'output_max'],
    ['an order that is text', { order: 'first' }, 'order'],
    ['a room type that is not an id', { room_type_id: 'double' }, 'room_type_id'],
    // Issue 30 item 6: money is pounds and pence as typed.
    ['a cost with three decimals', { cost: 12.345 }, 'cost'],
    ['a cost carrying binary noise', { cost: 0.1 + 0.2 }, 'cost'],
    ['a cost past the money limit', { cost: 10_000_000.01 }, 'cost'],
  ])('refuses %s with 400 and changes nothing', async (_label, fields, path) => {
    const response = await call('POST', '', { version: 1, ...child(fields) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
    expect(await list()).toMatchObject({ reductions: [], tour_season: { version: 1 } });
  });

  it('refuses a DELETE without the version read', async () => {
    const created = (await call('POST', '', { version: 1, ...child() })).json<ReductionAnswer>();
    expect((await call('DELETE', `/${created.reduction.id}`)).statusCode).toBe(400);
    expect((await list()).reductions).toHaveLength(1);
  });

  it('stores a list save in one transaction: a failing row leaves everything as it was', async () => {
    const created = (await call('POST', '', { version: 1, ...child() })).json<ReductionAnswer>();
    const before = await list();
    const response = await call('PUT', '', {
      version: created.version,
      reductions: [{ ...child({ percent: 5 }), id: created.reduction.id }, child(), child({ deck_id: 987654 })],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toContain('deck_id 987654');
    expect(await list()).toEqual(before);
  });

  it('refuses reductions of another season', async () => {
    const mine = (await call('POST', '', { version: 1, ...child() })).json<ReductionAnswer>();
    const other = await createPricingFixture(t.db);
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/tour-reductions/${other.tourId}/${other.seasonId}`,
        headers: t.auth,
        payload: { version: 1, ...child() },
      })
    ).json<ReductionAnswer>().reduction;
    expect((await call('PUT', `/${theirs.id}`, { version: mine.version, ...child() })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirs.id}?version=${mine.version}`)).statusCode).toBe(404);
    expect((await call('PUT', '', { version: mine.version, reductions: [{ ...child(), id: theirs.id }] })).statusCode).toBe(400);
    expect((await call('PUT', '', { version: mine.version, reductions: [], removed_ids: [theirs.id] })).statusCode).toBe(400);
    expect((await list()).reductions.map((row) => row.id)).toEqual([mine.reduction.id]);
  });
});
