import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMEPAGE_ITEM_IMAGE_REQUIRED, HOMEPAGE_MAX_ITEMS_MESSAGE, NAVIGATION_GROUPS } from '../../src/domain/content/content-constants.js';
import type { Contacts } from '../../src/domain/content/contacts.js';
import type { HomepageCollection } from '../../src/domain/content/homepage-collection.js';
import type { Navigation } from '../../src/domain/content/navigation.js';
import { addMediaRow, call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let images: number[];
beforeAll(async () => {
  t = await createTestApp();
  images = [await addMediaRow(t.db, 'One'), await addMediaRow(t.db, 'Two')];
});
afterAll(() => t.close());

const item = (index: number, fields: Record<string, unknown> = {}) => ({
  media_id: images[index % 2],
  title: `Item ${index}`,
  url: `/tours/${index}/`,
  description: `About ${index}`,
  ...fields,
});

describe('GET and POST homepage-collections', () => {
  const read = () => expectCall<HomepageCollection>(t, 'GET', 'homepage-collections', undefined, 200);

  it('starts empty, then saves a title, cleaned content and items in order', async () => {
    expect(await read()).toEqual({ version: 1, title: '', content: '', items: [] });
    const saved = await expectCall<HomepageCollection>(
      t,
      'POST',
      'homepage-collections',
      { version: 1, title: 'Our favourites', content: '<p>Picked <img src=x onerror=alert(1)>for you</p>', items: [item(1), item(0)] },
      200,
    );
    expect(saved).toEqual({ version: 2, title: 'Our favourites', content: '<p>Picked for you</p>', items: [item(1), item(0)] });
    expect(await read()).toEqual(saved);
  });

  it('takes 12 items', async () => {
    const current = await read();
    const items = Array.from({ length: 12 }, (_, index) => item(index));
    expect((await expectCall<HomepageCollection>(t, 'POST', 'homepage-collections', { ...current, items }, 200)).items).toHaveLength(12);
  });

  it(`refuses a 13th item: '${HOMEPAGE_MAX_ITEMS_MESSAGE}'`, async () => {
    const current = await read();
    const response = await call(t, 'POST', 'homepage-collections', { ...current, items: Array.from({ length: 13 }, (_, index) => item(index)) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: HOMEPAGE_MAX_ITEMS_MESSAGE, path: 'items' }]);
    expect(await read()).toEqual(current);
  });

  it.each([
    ['no image', { media_id: undefined }],
    ['a null image', { media_id: null }],
    ['an image that is not an id', { media_id: 'x' }],
  ])(`refuses an item with %s: '${HOMEPAGE_ITEM_IMAGE_REQUIRED}'`, async (_label, fields) => {
    const current = await read();
    const response = await call(t, 'POST', 'homepage-collections', { ...current, items: [item(0), item(1, fields)] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: HOMEPAGE_ITEM_IMAGE_REQUIRED, path: 'items.1.media_id' }]);
    expect(await read()).toEqual(current);
  });

  it('refuses an item image that does not exist, changing nothing', async () => {
    const current = await read();
    const response = await call(t, 'POST', 'homepage-collections', { ...current, items: [item(0, { media_id: 999999 })] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Image 999999 does not exist', path: 'items.0.media_id' }]);
    expect(await read()).toEqual(current);
  });

  it('refuses a stale version with 409, and a body without one', async () => {
    const current = await read();
    await expectCall(t, 'POST', 'homepage-collections', { ...current, title: 'Newer' }, 200);
    expect((await call(t, 'POST', 'homepage-collections', { ...current, title: 'Older' })).statusCode).toBe(409);
    expect(errorPaths((await call(t, 'POST', 'homepage-collections', { title: 'x', items: [] })).json<ErrorBody>())).toContain('version');
    expect((await read()).title).toBe('Newer');
  });

  it('keeps an image the collection uses from being deleted from the library', async () => {
    const current = await read();
    await expectCall(t, 'POST', 'homepage-collections', { ...current, items: [item(0, { title: 'Pictured' })] }, 200);
    const response = await call(t, 'DELETE', `media/${images[0]}`);
    expect(response.statusCode).toBe(409);
    expect(errorMessages(response.json<ErrorBody>())[0]).toContain('Pictured');
  });
});

describe('GET and POST navigations', () => {
  const read = () => expectCall<Navigation[]>(t, 'GET', 'navigations', undefined, 200);
  const byGroup = async (group: string) => (await read()).find((navigation) => navigation.group === group)!;
  const link = (title: string, position?: number) => ({ title, url: `/${title.toLowerCase()}/`, ...(position === undefined ? {} : { position }) });

  it('answers the five groups with three empty columns each', async () => {
    const list = await read();
    expect(list.map((navigation) => navigation.group)).toEqual([...NAVIGATION_GROUPS]);
    expect(list.map((navigation) => navigation.label)).toEqual(['Destinations', 'Categories', 'Special offers', 'Regions', 'Information']);
    expect(list[0]).toEqual({
      group: 'destinations',
      label: 'Destinations',
      version: 1,
      column_1: { title: '', links: [] },
      column_2: { title: '', links: [] },
      column_3: { title: '', links: [] },
    });
  });

  it('saves one group: links sorted by position and numbered from 0, a missing column saved empty', async () => {
    const answer = await expectCall<Navigation[]>(
      t,
      'POST',
      'navigations',
      {
        group: 'regions',
        version: 1,
        column_1: { title: 'Popular', links: [link('Tuscany', 5), link('Provence', 2), link('Wachau', 9)] },
        column_2: { title: 'More', links: [link('Alsace')] },
      },
      200,
    );
    expect(answer.find((navigation) => navigation.group === 'regions')).toEqual({
      group: 'regions',
      label: 'Regions',
      version: 2,
      column_1: {
        title: 'Popular',
        links: [
          { ...link('Provence'), position: 0 },
          { ...link('Tuscany'), position: 1 },
          { ...link('Wachau'), position: 2 },
        ],
      },
      column_2: { title: 'More', links: [{ ...link('Alsace'), position: 0 }] },
      column_3: { title: '', links: [] },
    });
  });

  it('keeps a dragged order sent without positions', async () => {
    const current = await byGroup('information');
    const saved = await expectCall<Navigation[]>(
      t,
      'POST',
      'navigations',
      { ...current, column_3: { title: 'Help', links: [link('C'), link('A'), link('B')] } },
      200,
    );
    const information = saved.find((navigation) => navigation.group === 'information')!;
    expect(information.column_3.links.map((item) => [item.title, item.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('saves several groups together, or none when one is stale', async () => {
    const list = await read();
    const [destinations, categories] = list;
    await expectCall(
      t,
      'POST',
      'navigations',
      [
        { ...destinations, column_1: { title: 'Europe', links: [link('Italy')] } },
        { ...categories, column_2: { title: 'Themes', links: [] } },
      ],
      200,
    );
    const after = await read();
    expect(after[0].column_1.title).toBe('Europe');
    expect(after[1].column_2.title).toBe('Themes');
    const response = await call(t, 'POST', 'navigations', [
      { ...after[0], column_1: { title: 'Changed', links: [] } },
      { ...categories, column_2: { title: 'Stale', links: [] } },
    ]);
    expect(response.statusCode).toBe(409);
    expect(await read()).toEqual(after);
  });

  it('refuses a stale version of one group with 409', async () => {
    const current = await byGroup('special_offers');
    await expectCall(t, 'POST', 'navigations', { ...current, column_1: { title: 'Now', links: [] } }, 200);
    expect((await call(t, 'POST', 'navigations', { ...current, column_1: { title: 'Then', links: [] } })).statusCode).toBe(409);
    expect((await byGroup('special_offers')).column_1.title).toBe('Now');
  });

  it.each([
    ['an unknown group', { group: 'hotels' }, 'group', 'Group must be one of destinations, categories, special_offers, regions, information'],
    ['a link without a title', { column_1: { title: '', links: [{ title: '', url: '/x/' }] } }, 'column_1.links.0.title', 'Link title is required'],
    ['a link without a URL', { column_2: { title: '', links: [{ title: 'X', url: ' ' }] } }, 'column_2.links.0.url', 'Link URL is required'],
    [
      'a negative position',
      { column_3: { title: '', links: [{ title: 'X', url: '/x/', position: -1 }] } },
      'column_3.links.0.position',
      'Link position must not be negative',
    ],
    ['links that are not a list', { column_1: { title: '', links: 'x' } }, 'column_1.links', 'Links must be a list'],
    ['no version', { version: undefined }, 'version', 'Send the version you loaded'],
  ])('refuses %s, changing nothing', async (_label, fields, path, message) => {
    const before = await read();
    const response = await call(t, 'POST', 'navigations', { ...before[4], ...fields });
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
    expect(await read()).toEqual(before);
  });

  it('refuses the same group twice in one save', async () => {
    const list = await read();
    expect((await call(t, 'POST', 'navigations', [list[0], list[0]])).statusCode).toBe(400);
  });
});

describe('GET, POST and PUT contacts', () => {
  const hours = {
    opening_hours_at_monday: '9-17',
    opening_hours_at_tuesday: '9-17',
    opening_hours_at_wednesday: '9-17',
    opening_hours_at_thursday: '9-17',
    opening_hours_at_friday: '9-16',
    opening_hours_at_saturday: '10-14',
    opening_hours_at_sunday: 'Closed',
  };
  let first: Contacts;

  it('starts with no entry, then creates one', async () => {
    expect(await expectCall(t, 'GET', 'contacts', undefined, 200)).toEqual([]);
    first = await expectCall<Contacts>(t, 'POST', 'contacts', { email: 'hello@example.com', tel_gb: '+44 1', tel_us: '+1 2', tel_au: '+61 3', ...hours }, 201);
    expect(first).toEqual({ id: expect.any(Number), version: 1, email: 'hello@example.com', tel_gb: '+44 1', tel_us: '+1 2', tel_au: '+61 3', ...hours });
    expect(await expectCall(t, 'GET', 'contacts', undefined, 200)).toEqual([first]);
  });

  it('updates the first entry by PUT contacts with the id in the body, and by contacts/{id}', async () => {
    const byBody = await expectCall<Contacts>(t, 'PUT', 'contacts', { ...first, tel_gb: '+44 20 0000' }, 200);
    expect(byBody).toEqual({ ...first, tel_gb: '+44 20 0000', version: 2 });
    const byPath = await expectCall<Contacts>(t, 'PUT', `contacts/${first.id}`, { version: 2, opening_hours_at_sunday: '11-13' }, 200);
    expect(byPath).toEqual({ ...byBody, opening_hours_at_sunday: '11-13', version: 3 });
    first = byPath;
  });

  it('lists entries oldest first (the site uses the first)', async () => {
    const second = await expectCall<Contacts>(t, 'POST', 'contacts', {}, 201);
    expect((await expectCall<Contacts[]>(t, 'GET', 'contacts', undefined, 200)).map((entry) => entry.id)).toEqual([first.id, second.id]);
  });

  it('refuses a stale version with 409 and keeps the entry', async () => {
    expect((await call(t, 'PUT', `contacts/${first.id}`, { version: 1, email: 'old@example.com' })).statusCode).toBe(409);
    expect((await expectCall<Contacts[]>(t, 'GET', 'contacts', undefined, 200))[0]).toEqual(first);
  });

  it.each([
    ['an e-mail that is no address', { email: 'not-an-address' }, 'email', 'Enter a valid e-mail address'],
    ['opening hours that are not text', { opening_hours_at_monday: 9 }, 'opening_hours_at_monday', 'Monday opening hours must be text'],
    ['a telephone number that is too long', { tel_au: '1'.repeat(101) }, 'tel_au', 'Australian telephone must be at most 100 characters'],
  ])('refuses %s on create and on update', async (_label, fields, path, message) => {
    for (const response of [await call(t, 'POST', 'contacts', fields), await call(t, 'PUT', `contacts/${first.id}`, { version: first.version, ...fields })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual([{ msg: message, path }]);
    }
    expect((await expectCall<Contacts[]>(t, 'GET', 'contacts', undefined, 200))[0]).toEqual(first);
  });

  it('answers 404 for an entry that does not exist and 400 without an id', async () => {
    expect((await call(t, 'PUT', 'contacts/999999', { version: 1 })).statusCode).toBe(404);
    expect((await call(t, 'PUT', 'contacts', { version: 1 })).statusCode).toBe(400);
  });
});
