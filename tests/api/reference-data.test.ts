import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceResource } from '../../src/domain/reference/reference-resources.js';
import { REFERENCE_CASES, type Body } from '../helpers/reference-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, body?: Body, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers, ...(body === undefined ? {} : { payload: body }) });

let serial = 0;

// Every resource of the registry goes through the same life: this file is the table over it.
describe.each(REFERENCE_CASES)('reference data: $key', (testCase) => {
  const resource = referenceResource(testCase.key);
  const path = resource.key;
  const refOf = (row: Body) => String(resource.addressedBy === 'slug' ? row.slug : row.id);
  const unknownRef = resource.addressedBy === 'slug' ? 'no-such-slug' : '999999';
  const create = async () => {
    const response = await call('POST', path, testCase.sample(`s${++serial}`));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Body>();
  };
  const read = async (row: Body) => {
    if (resource.hasDetail) {
      const response = await call('GET', `${path}/${refOf(row)}`);
      return response.statusCode === 404 ? undefined : response.json<Body>();
    }
    return (await call('GET', path)).json<Body[]>().find((entry) => entry.id === row.id);
  };

  it('creates a row and reads it back with its id and version', async () => {
    const sample = testCase.sample(`s${++serial}`);
    const created = await create();
    expect(created).toEqual(expect.objectContaining({ id: expect.any(Number), version: 1 }));
    const stored = await read(created);
    expect(stored).toEqual(created);
    for (const [field, value] of Object.entries(sample)) if (field !== 'name' && field !== 'slug') expect(stored?.[field], field).toEqual(value);
  });

  it('lists rows as a plain array without paging parameters', async () => {
    const created = await create();
    const response = await call('GET', path);
    expect(response.statusCode).toBe(200);
    expect(response.json<Body[]>().map((row) => row.id)).toContain(created.id);
  });

  it('updates a row and moves its version on', async () => {
    const created = await create();
    const change = testCase.change(`c${++serial}`);
    const response = await call('PUT', `${path}/${refOf(created)}`, { ...created, ...change, version: created.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...created, ...change, version: 2 });
    expect(await read(response.json())).toEqual(response.json());
  });

  it('refuses a stale update with 409 and keeps the newer data', async () => {
    const created = await create();
    await call('PUT', `${path}/${refOf(created)}`, { ...testCase.change(`c${++serial}`), version: 1 });
    const stale = await call('PUT', `${path}/${refOf(created)}`, { name: 'Lost update', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errors: [{ msg: expect.stringContaining('changed by someone else'), path: 'version' }] });
    expect((await read(created))?.name).not.toBe('Lost update');
  });

  it('refuses an update without the version read, changing nothing (issue 19 item 10)', async () => {
    const created = await create();
    const unversioned = await call('PUT', `${path}/${refOf(created)}`, { ...testCase.change(`c${++serial}`) });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json()).toEqual({ errors: [{ msg: 'Send the version you loaded', path: 'version' }] });
    expect(await read(created)).toEqual(created);
  });

  it('answers 404 for a row that does not exist', async () => {
    const calls: [Method, Body?][] = [['PUT', { ...testCase.sample('missing'), version: 1 }]];
    if (resource.hasDetail) calls.push(['GET']);
    if (resource.deletable) calls.push(['DELETE']);
    for (const [method, body] of calls) {
      const response = await call(method, `${path}/${unknownRef}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().errors[0].msg).toMatch(/not found/);
    }
  });

  it.each(testCase.invalid)('answers 400 to %s, naming the field, and stores nothing', async (_rule, body, field) => {
    const before = (await call('GET', path)).json<Body[]>().length;
    const response = await call('POST', path, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ msg: expect.any(String), path: field });
    expect((await call('GET', path)).json<Body[]>()).toHaveLength(before);
  });

  it('applies the same rules to an update', async () => {
    const created = await create();
    const [, body, field] = testCase.invalid[0];
    const invalid = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value]));
    // A rule about a missing field is a rule about a blank one in an update.
    if (!(field in invalid)) invalid[field] = field === 'sleeps' ? 11 : '';
    const response = await call('PUT', `${path}/${refOf(created)}`, invalid);
    expect(response.statusCode, response.body).toBe(400);
    expect(await read(created)).toEqual(created);
  });

  it('answers 401 to every call without a token', async () => {
    const created = await create();
    const calls: [Method, string][] = [
      ['GET', path],
      ['POST', path],
      ['PUT', `${path}/${refOf(created)}`],
    ];
    if (resource.hasDetail) calls.push(['GET', `${path}/${refOf(created)}`]);
    if (resource.deletable) calls.push(['DELETE', `${path}/${refOf(created)}`]);
    for (const [method, url] of calls) expect((await call(method, url, testCase.sample('x'), {})).statusCode, `${method} ${url}`).toBe(401);
    expect(await read(created)).toEqual(created);
  });

  if (resource.deletable) {
    it('deletes a row nothing uses', async () => {
      const created = await create();
      const response = await call('DELETE', `${path}/${refOf(created)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: created.id });
      expect(await read(created)).toBeUndefined();
    });

    it('refuses with 409 to delete a row still in use, names the user, and deletes nothing', async () => {
      const created = await create();
      await testCase.useIt!(t.db, created.id as number);
      const response = await call('DELETE', `${path}/${refOf(created)}`);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors[0].msg).toMatch(testCase.usedBy!);
      expect(response.json().errors[0].msg).toMatch(/not deleted/);
      expect(await read(created)).toEqual(created);
    });
  } else {
    it('cannot be deleted', async () => {
      const created = await create();
      expect((await call('DELETE', `${path}/${refOf(created)}`)).statusCode).toBe(404);
      expect(await read(created)).toEqual(created);
    });
  }
});
