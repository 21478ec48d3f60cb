import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpecificationAnswer, SpecificationsList, SpecificationsSeasonSaved } from '../../src/domain/tours/tour-specifications-schemas.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { XSS_PAYLOADS } from '../helpers/xss-payloads.js';

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
  t.app.inject({ method, url: `/api/v1/tour-specifications/${f.tourId}/${f.seasonId}${path}`, headers: t.auth, payload });
const list = () => call('GET', '').then((response) => response.json<SpecificationsList>());
const includes = '<ul><li>7 nights with breakfast</li><li>Luggage transfers</li></ul>';
const excludes = '<p>Travel <strong>insurance</strong></p>';

describe('tour specifications', () => {
  it('creates, reads, updates and deletes a specification', async () => {
    expect(await list()).toMatchObject({ specifications: [], tour_season: { id: f.tourSeasonId, version: 1 } });
    const created = await call('POST', '', { version: 1, price_includes: includes, price_excludes: excludes });
    expect(created.statusCode).toBe(201);
    const { specification, version } = created.json<SpecificationAnswer>();
    expect(specification).toEqual({ id: expect.any(Number), tour_season_id: f.tourSeasonId, price_includes: includes, price_excludes: excludes });
    expect(version).toBe(2);
    expect((await list()).specifications).toEqual([specification]);

    const updated = await call('PUT', `/${specification.id}`, { version, price_includes: '<p>Bikes</p>', price_excludes: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<SpecificationAnswer>()).toEqual({
      specification: { ...specification, price_includes: '<p>Bikes</p>', price_excludes: '' },
      version: 3,
    });

    const deleted = await call('DELETE', `/${specification.id}?version=3`);
    expect(deleted.json()).toEqual({ deleted: specification.id, version: 4 });
    expect((await list()).specifications).toEqual([]);
  });

  it('cleans rich text before storing it', async () => {
    const response = await call('POST', '', {
      version: 1,
      price_includes: `<p onclick="x()">Dinner</p><script>window.__xss=1</script>`,
      price_excludes: '<img src=x onerror=alert(1)><h1>Tax</h1>',
    });
    expect(response.json<SpecificationAnswer>().specification).toMatchObject({ price_includes: '<p>Dinner</p>', price_excludes: '<h2>Tax</h2>' });
    for (const payload of XSS_PAYLOADS) {
      const current = await list();
      const saved = await call('PUT', '', { version: current.tour_season.version, specifications: [{ price_includes: payload, price_excludes: payload }] });
      expect(saved.statusCode, payload).toBe(200);
      const stored = saved.json<SpecificationsSeasonSaved>().specifications[0];
      for (const html of [stored.price_includes, stored.price_excludes])
        expect(html, payload).not.toMatch(/<script|onerror|onload|javascript:|<img|<svg|<iframe/i);
    }
  });

  it('saves the whole list at once, naming what it created, updated and deleted', async () => {
    const a = (await call('POST', '', { version: 1, price_includes: 'A' })).json<SpecificationAnswer>();
    const b = (await call('POST', '', { version: 2, price_includes: 'B' })).json<SpecificationAnswer>();
    const response = await call('PUT', '', {
      version: 3,
      specifications: [{ id: a.specification.id, price_includes: '<p>A2</p>', price_excludes: '<p>none</p>' }, { price_includes: 'C' }],
      removed_ids: [b.specification.id],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<SpecificationsSeasonSaved>();
    expect(saved).toMatchObject({ updated_ids: [a.specification.id], deleted_ids: [b.specification.id], tour_season: { version: 4 } });
    expect(saved.specifications.map((row) => [row.price_includes, row.price_excludes])).toEqual([
      ['<p>A2</p>', '<p>none</p>'],
      ['C', ''],
    ]);
  });

  it('refuses a stale version with 409 on every write and changes nothing', async () => {
    const created = (await call('POST', '', { version: 1, price_includes: includes })).json<SpecificationAnswer>();
    const before = await list();
    for (const response of [
      await call('POST', '', { version: 1, price_includes: 'x' }),
      await call('PUT', `/${created.specification.id}`, { version: 1, price_includes: 'x' }),
      await call('DELETE', `/${created.specification.id}?version=1`),
      await call('PUT', '', { version: 1, specifications: [] }),
    ]) {
      expect(response.statusCode).toBe(409);
    }
    expect(await list()).toEqual(before);
  });

  it.each([
    ['text that is not a string', { version: 1, price_includes: ['<p>x</p>'] }, 'price_includes'],
    ['text far too long', { version: 1, price_excludes: 'x'.repeat(200_001) }, 'price_excludes'],
    ['a version that is not a number', { version: 'latest' }, 'version'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, path) => {
    const response = await call('POST', '', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
    expect(await list()).toMatchObject({ specifications: [], tour_season: { version: 1 } });
  });

  it('stores a list save in one transaction: a refused row leaves everything as it was', async () => {
    const created = (await call('POST', '', { version: 1, price_includes: includes })).json<SpecificationAnswer>();
    const before = await list();
    const response = await call('PUT', '', {
      version: created.version,
      specifications: [{ id: created.specification.id, price_includes: 'changed' }, { price_includes: 'new' }, { id: 987654, price_includes: 'not ours' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ msg: 'Specification 987654 is not part of this season', path: 'specifications.2.id' });
    expect(await list()).toEqual(before);
  });

  it('answers 404 for a specification of another season and for a tour without that season', async () => {
    const other = await createPricingFixture(t.db);
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/tour-specifications/${other.tourId}/${other.seasonId}`,
        headers: t.auth,
        payload: { version: 1, price_includes: 'x' },
      })
    ).json<SpecificationAnswer>().specification;
    expect((await call('PUT', `/${theirs.id}`, { version: 1, price_includes: 'mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirs.id}?version=1`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tour-specifications/${f.tourId}/999999`, headers: t.auth })).statusCode).toBe(404);
  });
});
