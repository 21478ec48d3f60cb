import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_URL_MESSAGE, OLD_URL_MESSAGE, REDIRECT_CODES } from '../../src/domain/content/content-constants.js';
import type { Redirect } from '../../src/domain/content/redirect.js';
import { call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let partnerAllowed: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  partnerAllowed = await createTestApp({ redirectHosts: ['partner.example'] });
});
afterAll(async () => {
  await t.close();
  await partnerAllowed.close();
});

const otherSiteMessage = (host: string) => `New URL leads to another site (${host}); only the hosts named in REDIRECT_HOSTS may be redirected to`;

let count = 0;
const create = (fields: Record<string, unknown> = {}) =>
  expectCall<Redirect>(t, 'POST', 'redirects', { old_url: `/old-${++count}`, new_url: `/new-${count}/`, ...fields }, 201);

describe('POST redirects', () => {
  it('creates a redirect with code 301 and shown by default', async () => {
    const redirect = await create({ old_url: '/tours/rhine', new_url: '/tours/rhine-cycle-path/' });
    expect(redirect).toEqual({ id: expect.any(Number), version: 1, old_url: '/tours/rhine', new_url: '/tours/rhine-cycle-path/', code: 301, show: true });
    expect(await expectCall(t, 'GET', `redirects/${redirect.id}`, undefined, 200)).toEqual(redirect);
  });

  it.each(REDIRECT_CODES)('accepts the code %i', async (code) => {
    expect((await create({ code })).code).toBe(code);
  });

  it('accepts a code sent as text and keeps show false', async () => {
    expect(await create({ code: '410', show: false })).toMatchObject({ code: 410, show: false });
  });

  it.each([
    ['an old URL without a leading slash', { old_url: 'tours/x', new_url: '/a/' }, 'old_url', OLD_URL_MESSAGE],
    ['a new URL without a leading slash', { old_url: '/x-1', new_url: 'a/' }, 'new_url', NEW_URL_MESSAGE],
    ['a new URL without a trailing slash', { old_url: '/x-2', new_url: '/a' }, 'new_url', NEW_URL_MESSAGE],
    ['a full address of another site as the new URL', { old_url: '/x-3', new_url: 'https://example.com/a/' }, 'new_url', otherSiteMessage('example.com')],
    ['a missing old URL', { new_url: '/a/' }, 'old_url', OLD_URL_MESSAGE],
    ['a missing new URL', { old_url: '/x-4' }, 'new_url', NEW_URL_MESSAGE],
    ['a code outside the list', { old_url: '/x-5', new_url: '/a/', code: 300 }, 'code', 'Code must be one of 301, 302, 303, 304, 305, 307, 308, 404, 410'],
    ['a redirect to itself', { old_url: '/same/', new_url: '/same/' }, 'new_url', 'The new URL must differ from the old URL'],
    ['show that is not a boolean', { old_url: '/x-6', new_url: '/a/', show: 'yes' }, 'show', 'Show must be true or false'],
  ])('refuses %s with its message and stores nothing', async (_label, body, path, message) => {
    const before = (await expectCall<Redirect[]>(t, 'GET', 'redirects', undefined, 200)).length;
    const response = await call(t, 'POST', 'redirects', body);
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
    expect((await expectCall<Redirect[]>(t, 'GET', 'redirects', undefined, 200)).length).toBe(before);
  });

  it('refuses a second redirect from the same old URL with 409 and a clear message', async () => {
    await create({ old_url: '/duplicate' });
    const response = await call(t, 'POST', 'redirects', { old_url: '/duplicate', new_url: '/elsewhere/' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'A redirect from "/duplicate" already exists', path: 'old_url' }]);
  });
});

describe('redirects to another site (issue 19 item 11: an open redirect)', () => {
  const count = async (app: TestApp) => (await expectCall<Redirect[]>(app, 'GET', 'redirects', undefined, 200)).length;

  it.each([
    ['protocol-relative', '//evil.example/', 'evil.example'],
    ['protocol-relative with a backslash', '/\\evil.example/', 'evil.example'],
    ['absolute', 'https://evil.example/login/', 'evil.example'],
    ['absolute over http, in capitals', 'HTTP://EVIL.EXAMPLE/', 'evil.example'],
    ['with the allowed host as a user name', 'https://partner.example@evil.example/', 'evil.example'],
    ['on a host that only starts like the allowed one', '//partner.example.evil.example/', 'partner.example.evil.example'],
  ])('refuses the %s address of another site, naming the host, and stores nothing', async (_label, newUrl, host) => {
    for (const app of [t, partnerAllowed]) {
      const before = await count(app);
      const response = await call(app, 'POST', 'redirects', { old_url: `/leave-${++redirectCount}`, new_url: newUrl });
      expect(response.statusCode, newUrl).toBe(400);
      expect(response.json<ErrorBody>().errors, newUrl).toEqual([{ msg: otherSiteMessage(host), path: 'new_url' }]);
      expect(await count(app)).toBe(before);
    }
  });

  // Issue 30 item 7: encoded slashes and backslashes, and dot segments, are read as a browser (or
  // the public site's router) would read them, decoded until stable and normalised.
  it.each([
    ['an encoded slash', '/%2f/evil.example/'],
    ['encoded slashes in capitals', '/%2F%2Fevil.example/'],
    ['an encoded backslash', '/%5Cevil.example/'],
    ['an encoded backslash encoded again', '/%255Cevil.example/'],
    ['a parent segment', '/..//evil.example/'],
    ['a current segment', '/.//evil.example/'],
    ['an encoded current segment', '/%2e//evil.example/'],
  ])('refuses a path that leads to another site through %s, naming the host', async (_label, newUrl) => {
    const response = await call(partnerAllowed, 'POST', 'redirects', { old_url: `/encoded-${++redirectCount}`, new_url: newUrl });
    expect(response.statusCode, newUrl).toBe(400);
    expect(response.json<ErrorBody>().errors, newUrl).toEqual([{ msg: otherSiteMessage('evil.example'), path: 'new_url' }]);
  });

  it.each(['/\u200b/evil.example/', '/%E2%80%8B/evil.example/', '/\u202eevil/', '/%09/evil.example/', '/%00/'])(
    'refuses %j, with an invisible or control character, as no address at all',
    async (written) => {
      const newUrl = JSON.parse(`"${written}"`) as string;
      const response = await call(partnerAllowed, 'POST', 'redirects', { old_url: `/invisible-${++redirectCount}`, new_url: newUrl });
      expect(response.statusCode, written).toBe(400);
      expect(errorPaths(response.json<ErrorBody>())).toEqual(['new_url']);
    },
  );

  it('still accepts paths of this site that are encoded or have dot segments', async () => {
    for (const newUrl of ['/caf%C3%A9-tours/', '/50%-off/', '/tours/../offers/', '/a%2Fb/']) {
      const response = await call(t, 'POST', 'redirects', { old_url: `/encoded-ok-${++redirectCount}`, new_url: newUrl });
      expect(response.statusCode, newUrl).toBe(201);
    }
  });

  it.each(['/\t/evil.example/', '/ /evil.example/', 'javascript:alert(1)//', 'ftp://partner.example/'])('refuses %j as no address at all', async (newUrl) => {
    const response = await call(partnerAllowed, 'POST', 'redirects', { old_url: `/odd-${++redirectCount}`, new_url: newUrl });
    expect(response.statusCode, newUrl).toBe(400);
    expect(errorPaths(response.json<ErrorBody>())).toEqual(['new_url']);
  });

  it('accepts the hosts REDIRECT_HOSTS names, absolute or protocol-relative, and nowhere else', async () => {
    for (const newUrl of ['https://partner.example/tours/', '//PARTNER.example/offers/']) {
      const response = await call(partnerAllowed, 'POST', 'redirects', { old_url: `/partner-${++redirectCount}`, new_url: newUrl });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect((await call(t, 'POST', 'redirects', { old_url: '/partner-x', new_url: 'https://partner.example/tours/' })).statusCode).toBe(400);
  });

  it('refuses an edit that points a redirect at another site, keeping the stored one', async () => {
    const redirect = await create({ old_url: '/edited-away' });
    const response = await call(t, 'PUT', `redirects/${redirect.id}`, { version: redirect.version, new_url: '//evil.example/' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: otherSiteMessage('evil.example'), path: 'new_url' }]);
    expect(await expectCall(t, 'GET', `redirects/${redirect.id}`, undefined, 200)).toEqual(redirect);
  });
});
let redirectCount = 0;

describe('GET redirects', () => {
  it('lists redirects by old URL as a plain array', async () => {
    const list = await expectCall<Redirect[]>(t, 'GET', 'redirects', undefined, 200);
    const urls = list.map((redirect) => redirect.old_url);
    expect(urls).toEqual([...urls].sort());
    expect(list.length).toBeGreaterThan(3);
  });

  it('answers one searched page when asked', async () => {
    await create({ old_url: '/searchable-a' });
    await create({ old_url: '/searchable-b' });
    const page = await expectCall<{ results: Redirect[]; total: number; page: number; per_page: number }>(
      t,
      'GET',
      'redirects?q=SEARCHABLE&per_page=1&page=2',
      undefined,
      200,
    );
    expect(page).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(page.results.map((redirect) => redirect.old_url)).toEqual(['/searchable-b']);
  });

  it('answers 404 for a redirect that does not exist', async () => {
    expect((await call(t, 'GET', 'redirects/999999')).statusCode).toBe(404);
  });
});

describe('PUT redirects', () => {
  it('updates by redirects/{id} and moves the version on', async () => {
    const redirect = await create();
    const updated = await expectCall<Redirect>(t, 'PUT', `redirects/${redirect.id}`, { ...redirect, new_url: '/moved/', code: 302 }, 200);
    expect(updated).toEqual({ ...redirect, new_url: '/moved/', code: 302, version: 2 });
  });

  it('updates by PUT redirects with the id in the body, changing only the fields sent', async () => {
    const redirect = await create();
    const updated = await expectCall<Redirect>(t, 'PUT', 'redirects', { id: redirect.id, version: redirect.version, show: false }, 200);
    expect(updated).toEqual({ ...redirect, show: false, version: 2 });
  });

  it('refuses a stale version with 409 and keeps the stored redirect', async () => {
    const redirect = await create();
    await expectCall(t, 'PUT', `redirects/${redirect.id}`, { version: 1, code: 307 }, 200);
    const stale = await call(t, 'PUT', `redirects/${redirect.id}`, { version: 1, code: 308 });
    expect(stale.statusCode).toBe(409);
    expect(errorPaths(stale.json<ErrorBody>())).toContain('version');
    expect((await expectCall<Redirect>(t, 'GET', `redirects/${redirect.id}`, undefined, 200)).code).toBe(307);
  });

  it('refuses an update that breaks a rule, and changes nothing', async () => {
    const redirect = await create();
    const response = await call(t, 'PUT', `redirects/${redirect.id}`, { version: 1, new_url: '/no-trailing-slash' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: NEW_URL_MESSAGE, path: 'new_url' }]);
    expect(await expectCall(t, 'GET', `redirects/${redirect.id}`, undefined, 200)).toEqual(redirect);
  });

  it('refuses moving a redirect onto an old URL another one has', async () => {
    const first = await create();
    const second = await create();
    const response = await call(t, 'PUT', `redirects/${second.id}`, { version: 1, old_url: first.old_url });
    expect(response.statusCode).toBe(409);
    expect(errorMessages(response.json<ErrorBody>())).toEqual([`A redirect from "${first.old_url}" already exists`]);
  });

  it('refuses an update without a version, or without an id, or with two different ids', async () => {
    const redirect = await create();
    expect(errorPaths((await call(t, 'PUT', `redirects/${redirect.id}`, { code: 302 })).json<ErrorBody>())).toContain('version');
    expect(errorPaths((await call(t, 'PUT', 'redirects', { version: 1, code: 302 })).json<ErrorBody>())).toContain('id');
    const mismatch = await call(t, 'PUT', `redirects/${redirect.id}`, { id: redirect.id + 1, version: 1, code: 302 });
    expect(mismatch.statusCode).toBe(400);
  });

  it('answers 404 when updating a redirect that does not exist', async () => {
    expect((await call(t, 'PUT', 'redirects/999999', { version: 1, code: 302 })).statusCode).toBe(404);
  });
});

describe('DELETE redirects/{id}', () => {
  it('deletes a redirect, then answers 404 for it', async () => {
    const redirect = await create();
    expect(await expectCall(t, 'DELETE', `redirects/${redirect.id}`, undefined, 200)).toEqual({ id: redirect.id });
    expect((await call(t, 'GET', `redirects/${redirect.id}`)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `redirects/${redirect.id}`)).statusCode).toBe(404);
  });
});
