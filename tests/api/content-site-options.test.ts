import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/domain/content/review.js';
import { toSiteOptionsBody, type SiteOptions } from '../../src/domain/content/site-options.js';
import { addDestination, addRegion, addReview, addTour, call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let reviews: number[];
beforeAll(async () => {
  t = await createTestApp();
  reviews = [await addReview(t.db, 'Ann', 5, '2026-03-01'), await addReview(t.db, 'Bob', 4.5, '2026-04-01'), await addReview(t.db, 'Cy', 3, null)];
  await addTour(t.db, 'Danube', 'danube');
  await addDestination(t.db, 'Austria', 'austria');
  await addRegion(t.db, 'Wachau', 'wachau');
});
afterAll(() => t.close());

const read = () => expectCall<SiteOptions>(t, 'GET', 'global', undefined, 200);

describe('GET reviews', () => {
  it('lists reviews newest first, undated last', async () => {
    const list = await expectCall<Review[]>(t, 'GET', 'reviews', undefined, 200);
    expect(list).toEqual([
      { id: reviews[1], author: 'Bob', rating: 4.5, date: '2026-04-01' },
      { id: reviews[0], author: 'Ann', rating: 5, date: '2026-03-01' },
      { id: reviews[2], author: 'Cy', rating: 3, date: null },
    ]);
  });
});

describe('GET and POST global', () => {
  it('starts empty at version 1', async () => {
    expect(await read()).toEqual({
      version: 1,
      contact_content: '',
      telephone_uk_opening: '',
      telephone_uk_clarifier: '',
      telephone_uk_number: '',
      telephone_us_opening: '',
      telephone_us_clarifier: '',
      telephone_us_number: '',
      featured_reviews: [],
      popular_searches: [],
    });
  });

  it('saves popular searches sent as a JSON string and featured reviews as a comma list', async () => {
    const current = await read();
    const body = {
      version: current.version,
      contact_content: '<p>Call us<script>x()</script></p>',
      telephone_uk_opening: 'Mon-Fri 9-5',
      telephone_uk_clarifier: 'UK callers',
      telephone_uk_number: '+44 20 7946 0000',
      telephone_us_opening: 'Mon-Fri 9-5 EST',
      telephone_us_clarifier: 'Toll free',
      telephone_us_number: '+1 212 555 0100',
      featured_reviews: `${reviews[2]},${reviews[0]}`,
      popular_searches: JSON.stringify([
        { name: 'Wachau', primary: false, slug: 'wachau', type: 'region', order: 3 },
        { name: 'Danube', primary: true, slug: 'danube', type: 'tour', order: 1 },
        { name: 'Austria', primary: false, slug: 'austria', type: 'destination', order: 2 },
      ]),
    };
    const saved = await expectCall<SiteOptions>(t, 'POST', 'global', body, 200);
    expect(saved).toEqual({
      ...body,
      version: current.version + 1,
      contact_content: '<p>Call us</p>',
      featured_reviews: [reviews[2], reviews[0]],
      popular_searches: [
        { name: 'Danube', primary: true, slug: 'danube', type: 'tour', order: 1 },
        { name: 'Austria', primary: false, slug: 'austria', type: 'destination', order: 2 },
        { name: 'Wachau', primary: false, slug: 'wachau', type: 'region', order: 3 },
      ],
    });
    expect(await read()).toEqual(saved);
  });

  it('accepts the body the form builds with toSiteOptionsBody, and plain arrays', async () => {
    const current = await read();
    const saved = await expectCall<SiteOptions>(t, 'POST', 'global', toSiteOptionsBody({ ...current, featured_reviews: [reviews[1]] }), 200);
    expect(saved.featured_reviews).toEqual([reviews[1]]);
    const again = await expectCall<SiteOptions>(t, 'POST', 'global', { ...saved, featured_reviews: [], popular_searches: [] }, 200);
    expect(again).toMatchObject({ featured_reviews: [], popular_searches: [], version: saved.version + 1 });
  });

  it('refuses a stale version with 409 and keeps the stored options', async () => {
    const current = await read();
    await expectCall(t, 'POST', 'global', { ...current, telephone_uk_number: '111' }, 200);
    const stale = await call(t, 'POST', 'global', { ...current, telephone_uk_number: '222' });
    expect(stale.statusCode).toBe(409);
    expect(errorPaths(stale.json<ErrorBody>())).toEqual(['version']);
    expect((await read()).telephone_uk_number).toBe('111');
  });

  it.each([
    ['popular searches that are not JSON', { popular_searches: '[{' }, 'popular_searches', 'Popular searches must be a JSON list'],
    [
      'a popular search without a name',
      { popular_searches: JSON.stringify([{ name: '', slug: 'danube', type: 'tour' }]) },
      'popular_searches.0.name',
      'Search name is required',
    ],
    [
      'a popular search without a slug',
      { popular_searches: JSON.stringify([{ name: 'x', type: 'tour' }]) },
      'popular_searches.0.slug',
      'Search slug is required',
    ],
    [
      'a popular search of an unknown type',
      { popular_searches: JSON.stringify([{ name: 'x', slug: 'danube', type: 'hotel' }]) },
      'popular_searches.0.type',
      'Search type must be one of tour, destination, region',
    ],
    [
      'a primary flag that is not a boolean',
      { popular_searches: JSON.stringify([{ name: 'x', slug: 'danube', type: 'tour', primary: 'yes' }]) },
      'popular_searches.0.primary',
      'Primary must be true or false',
    ],
    ['featured reviews that are not ids', { featured_reviews: 'one,two' }, 'featured_reviews.0', 'Featured reviews must be review ids'],
    ['a featured review twice', { featured_reviews: '4,4' }, 'featured_reviews', 'Featured reviews: each may appear once'],
    ['no version', { version: undefined }, 'version', 'Send the version you loaded'],
  ])('refuses %s', async (_label, fields, path, message) => {
    const current = await read();
    const response = await call(t, 'POST', 'global', { ...toSiteOptionsBody(current), ...fields });
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
    expect(await read()).toEqual(current);
  });

  it.each([
    ['a featured review that does not exist', { featured_reviews: '999999' }, 'featured_reviews', 'featured_reviews 999999 does not exist'],
    [
      'a search for a tour slug that does not exist',
      { popular_searches: JSON.stringify([{ name: 'x', slug: 'austria', type: 'tour' }]) },
      'popular_searches.0.slug',
      'No tour has the slug "austria"',
    ],
    [
      'a search for a region slug that does not exist',
      { popular_searches: JSON.stringify([{ name: 'x', slug: 'danube', type: 'region' }]) },
      'popular_searches.0.slug',
      'No region has the slug "danube"',
    ],
  ])('refuses %s, changing nothing', async (_label, fields, path, message) => {
    const current = await read();
    const response = await call(t, 'POST', 'global', { ...toSiteOptionsBody(current), ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: message, path }]);
    expect(await read()).toEqual(current);
  });
});

/** The version a destination or region is stored at: every PUT sends the version it read. */
const versionOf = async (table: 'destinations' | 'regions', slug: string) =>
  (await t.db.selectFrom(table).select('version').where('slug', '=', slug).executeTakeFirstOrThrow()).version;

describe('popular searches when a slug changes', () => {
  it('follow the tour, destination or region they lead to: the website keeps its links, and the options save as read (found by fuzzing)', async () => {
    const tourId = await addTour(t.db, 'Rhine', 'rhine');
    const destinationId = await addDestination(t.db, 'Switzerland', 'swiss');
    await addRegion(t.db, 'Alsace', 'alsace');
    await addRegion(t.db, 'Rhine region', 'rhine');
    const searches = [
      { name: 'Rhine', primary: true, slug: 'rhine', type: 'tour', order: 1 },
      { name: 'Switzerland', primary: false, slug: 'swiss', type: 'destination', order: 2 },
      { name: 'Alsace', primary: false, slug: 'alsace', type: 'region', order: 3 },
      { name: 'Rhine region', primary: false, slug: 'rhine', type: 'region', order: 4 },
    ];
    await expectCall(t, 'POST', 'global', { ...toSiteOptionsBody(await read()), popular_searches: JSON.stringify(searches) }, 200);
    const before = await read();

    const { version: tourVersion } = await t.db.selectFrom('tours').select('version').where('id', '=', tourId).executeTakeFirstOrThrow();
    await expectCall(t, 'PUT', `tours/${tourId}`, { version: tourVersion, slug: 'rhine-valley' }, 200);
    await expectCall(t, 'PUT', `destinations/${destinationId}`, { version: await versionOf('destinations', 'swiss'), slug: 'switzerland' }, 200);
    await expectCall(t, 'PUT', 'regions/alsace', { version: await versionOf('regions', 'alsace'), slug: 'alsace-wine-route' }, 200);

    const after = await read();
    // The region sharing the tour's old slug is another record: its search stays.
    expect(after.popular_searches.map((search) => `${search.type} ${search.slug}`)).toEqual([
      'tour rhine-valley',
      'destination switzerland',
      'region alsace-wine-route',
      'region rhine',
    ]);
    expect(after.version).toBe(before.version + 3);
    await expectCall(t, 'POST', 'global', toSiteOptionsBody(after), 200);
  });

  it('leave the options alone when a save keeps the slug', async () => {
    const before = await read();
    await expectCall(t, 'PUT', 'regions/alsace-wine-route', { version: await versionOf('regions', 'alsace-wine-route'), name: 'Alsace wine route' }, 200);
    expect(await read()).toEqual(before);
  });
});

describe('popular searches when what they lead to is deleted', () => {
  it(
    'keep a tour, destination or region from being deleted while a search ' + 'leads to it, naming the search; once it is gone, the delete goes through',
    async () => {
      const tourId = await addTour(t.db, 'Moselle', 'moselle');
      const destinationId = await addDestination(t.db, 'Luxembourg', 'luxembourg');
      const regionId = await addRegion(t.db, 'Saar', 'saar');
      const kept = (await read()).popular_searches;
      const searches = [
        ...kept,
        { name: 'Moselle by bike', primary: true, slug: 'moselle', type: 'tour', order: 10 },
        { name: 'Luxembourg', primary: false, slug: 'luxembourg', type: 'destination', order: 11 },
        { name: 'Saar loop', primary: false, slug: 'saar', type: 'region', order: 12 },
      ];
      await expectCall(t, 'POST', 'global', { ...toSiteOptionsBody(await read()), popular_searches: JSON.stringify(searches) }, 200);
      const tourVersion = async () => (await t.db.selectFrom('tours').select('version').where('id', '=', tourId).executeTakeFirstOrThrow()).version;

      const tourDelete = await call(t, 'PUT', `tours/${tourId}`, { version: await tourVersion(), deleted: true, status: 'draft' });
      expect(tourDelete.statusCode).toBe(409);
      expect(errorMessages(tourDelete.json<ErrorBody>())).toEqual([
        'It is still linked from the popular search "Moselle by bike" of the site options, so it was not deleted. Remove that search first.',
      ]);
      const destinationDelete = await call(t, 'DELETE', `destinations/${destinationId}`);
      expect(destinationDelete.statusCode).toBe(409);
      expect(errorMessages(destinationDelete.json<ErrorBody>())[0]).toMatch(/popular search "Luxembourg"/);
      const regionDelete = await call(t, 'DELETE', 'regions/saar');
      expect(regionDelete.statusCode).toBe(409);
      expect(errorMessages(regionDelete.json<ErrorBody>())[0]).toMatch(/popular search "Saar loop"/);
      expect(await t.db.selectFrom('tours').select('deleted').where('id', '=', tourId).executeTakeFirstOrThrow()).toEqual({ deleted: false });
      expect(await t.db.selectFrom('destinations').select('id').where('id', '=', destinationId).executeTakeFirst()).toBeDefined();
      expect(await t.db.selectFrom('regions').select('id').where('id', '=', regionId).executeTakeFirst()).toBeDefined();

      await expectCall(t, 'POST', 'global', { ...toSiteOptionsBody(await read()), popular_searches: JSON.stringify(kept) }, 200);
      await expectCall(t, 'PUT', `tours/${tourId}`, { version: await tourVersion(), deleted: true, status: 'draft' }, 200);
      await expectCall(t, 'DELETE', `destinations/${destinationId}`, undefined, 200);
      await expectCall(t, 'DELETE', 'regions/saar', undefined, 200);
    },
  );

  it('refuses a search that leads to a deleted tour', async () => {
    const tourId = await addTour(t.db, 'Old Loire', 'old-loire');
    await t.db.updateTable('tours').set({ deleted: true }).where('id', '=', tourId).execute();
    const current = await read();
    const response = await call(t, 'POST', 'global', {
      ...toSiteOptionsBody(current),
      popular_searches: JSON.stringify([{ name: 'Loire', primary: false, slug: 'old-loire', type: 'tour', order: 1 }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'No tour has the slug "old-loire"', path: 'popular_searches.0.slug' }]);
    expect(await read()).toEqual(current);
  });
});
