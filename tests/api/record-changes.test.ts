import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../../src/domain/record-kinds.js';
import type { LastChange } from '../../src/domain/contract/record-changes.js';
import type { StaffPassword } from '../../src/domain/staff.js';
import { createTestApp, TEST_STAFF_EMAIL, type TestApp } from '../helpers/test-app.js';
import { call, createTour } from '../helpers/tour-test-data.js';

// "Last changed by ... on ...": every write through the API names its author in record_changes.

let t: TestApp;
let other: { email: string; auth: { authorization: string } };
beforeAll(async () => {
  t = await createTestApp();
  const added = (await call(t, 'POST', 'staff', { email_address: 'second.author@example.test' })).json<StaffPassword>();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email_address: 'second.author@example.test', password: added.password },
  });
  other = { email: 'second.author@example.test', auth: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
});
afterAll(() => t.close());

const lastChange = async (kind: string, id: number) => {
  const response = await call(t, 'GET', `last-change/${kind}/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<LastChange>();
};
const asOther = (method: 'PUT' | 'POST', path: string, payload: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: other.auth, payload: payload as object });

describe('last change of a record', () => {
  it('names who created a tour, then who saved it since, with the time', async () => {
    const started = Date.now();
    const tour = await createTour(t, { name: 'Authored Tour' });
    const created = await lastChange('tours', tour.id);
    expect(created.changed_by).toBe(TEST_STAFF_EMAIL);
    expect(Date.parse(created.changed_at!)).toBeGreaterThanOrEqual(started - 1000);
    const saved = await asOther('PUT', `tours/${tour.id}`, { version: tour.version, name: 'Authored Tour, renamed' });
    expect(saved.statusCode).toBe(200);
    const changed = await lastChange('tours', tour.id);
    expect(changed.changed_by).toBe(other.email);
    expect(Date.parse(changed.changed_at!)).toBeGreaterThanOrEqual(Date.parse(created.changed_at!));
  });

  it('keeps the last author when a stale save is refused', async () => {
    const tour = await createTour(t, { name: 'Refused Save' });
    expect((await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, name: 'Saved first' })).statusCode).toBe(200);
    const before = await lastChange('tours', tour.id);
    const stale = await asOther('PUT', `tours/${tour.id}`, { version: tour.version, name: 'Too late' });
    expect(stale.statusCode).toBe(409);
    expect(await lastChange('tours', tour.id)).toEqual(before);
  });

  it('names the author of a reference record, and forgets it after a write with no one behind it', async () => {
    const created = await asOther('POST', 'hotels', { name: 'Hotel of Record', content: '' });
    expect(created.statusCode).toBe(201);
    const hotel = created.json<{ id: number }>();
    expect((await lastChange('hotels', hotel.id)).changed_by).toBe(other.email);
    // Outside a request (the seed, the command line) there is no author: say nothing rather than a wrong name.
    await t.db.updateTable('hotels').set({ name: 'Hotel of Record (imported)' }).where('id', '=', hotel.id).execute();
    expect(await lastChange('hotels', hotel.id)).toEqual({ changed_by: null, changed_at: null });
  });

  it('does not carry one request’s author into a later write on the same connection', async () => {
    const tour = await createTour(t, { name: 'Two Authors' });
    const first = await asOther('PUT', `tours/${tour.id}`, { version: tour.version, name: 'By the second author' });
    expect((await lastChange('tours', tour.id)).changed_by).toBe(other.email);
    await call(t, 'PUT', `tours/${tour.id}`, { version: first.json<{ version: number }>().version, name: 'By the first author' });
    expect((await lastChange('tours', tour.id)).changed_by).toBe(TEST_STAFF_EMAIL);
  });

  it('answers nulls for a record never changed through the app, and 400 for an unknown kind', async () => {
    expect(await lastChange('tours', 2_000_000_000)).toEqual({ changed_by: null, changed_at: null });
    const unknown = await call(t, 'GET', 'last-change/users/1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Must be one of');
  });
});

describe('the record kinds', () => {
  it('are exactly the tables with an id and a version, each with its three triggers', async () => {
    const triggered = await sql<{ table_name: string; triggers: number }>`
      SELECT c.relname AS table_name, count(*)::int AS triggers FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE g.tgname LIKE '%\\_changes\\_%' AND NOT g.tgisinternal GROUP BY c.relname ORDER BY c.relname`.execute(t.db);
    expect(triggered.rows).toEqual([...RECORD_KINDS].sort().map((table_name) => ({ table_name, triggers: 3 })));
  });
});
