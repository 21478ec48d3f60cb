import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PageListItem } from '../../src/domain/content/page.js';
import { addDestination, addMediaRow, addRegion, addTour, call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let tour: number;
let destination: number;
let image: number;
beforeAll(async () => {
  t = await createTestApp();
  tour = await addTour(t.db, 'Tuscany Hills', 'tuscany-hills');
  destination = await addDestination(t.db, 'Italy', 'italy');
  await addRegion(t.db, 'Tuscany', 'tuscany');
  await t.db.insertInto('offers').values({ name: 'Spring', title: 'Spring', subtitle: 'Deals', slug: 'spring-deals' }).execute();
  image = await addMediaRow(t.db, 'Slide');
});
afterAll(() => t.close());

let count = 0;
const create = (fields: Record<string, unknown> = {}) => {
  count += 1;
  return expectCall<Page>(t, 'POST', 'pages', { title: `Page ${count}`, slug: `page-${count}`, ...fields }, 201);
};
const slide = (fields: Record<string, unknown> = {}) => ({
  name: 'Hills',
  subtitle: 'Rolling',
  slug: 'tuscany-hills',
  type: 'tours',
  media_id: null,
  order: 0,
  ...fields,
});

describe('POST pages', () => {
  it('creates a top-level page with every field, readable at pages/{slug}', async () => {
    const page = await create({
      title: 'About us',
      subtitle: 'Who we are',
      slug: 'about-us',
      content: '<p>Since 1990</p>',
      ksp_content: '<ul><li>Small groups</li></ul>',
      ksp_bg_hex: '#1f6f43',
      ksp_button_title: 'Browse',
      ksp_button_url: '/tours/',
      overview: '<p>Short</p>',
      related_tours: [tour],
      destination_id: destination,
      media_id: image,
      banner_id: image,
      overview_image_id: image,
      seo_title: 'About',
    });
    expect(page).toEqual({
      id: expect.any(Number),
      version: 1,
      title: 'About us',
      subtitle: 'Who we are',
      slug: 'about-us',
      section: null,
      content: '<p>Since 1990</p>',
      ksp_content: '<ul><li>Small groups</li></ul>',
      ksp_bg_hex: '#1f6f43',
      ksp_button_title: 'Browse',
      ksp_button_url: '/tours/',
      overview: '<p>Short</p>',
      related_tours: [tour],
      related: [{ id: tour, name: 'Tuscany Hills', slug: 'tuscany-hills' }],
      destination_id: destination,
      media_id: image,
      banner_id: image,
      overview_image_id: image,
      seo_title: 'About',
      seo_description: '',
      seo_keywords: '',
      meta: { inspiration: [] },
      blocks: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await expectCall(t, 'GET', 'pages/about-us', undefined, 200)).toEqual(page);
  });

  it('creates pages under the inspiration and explore sections, read at pages/{section}/{slug}', async () => {
    const inspiration = await create({ section: 'inspiration', slug: 'family-holidays' });
    const explore = await create({ section: 'explore', slug: 'family-holidays' });
    expect(await expectCall(t, 'GET', 'pages/inspiration/family-holidays', undefined, 200)).toEqual(inspiration);
    expect(await expectCall(t, 'GET', 'pages/explore/family-holidays', undefined, 200)).toEqual(explore);
    // A section page is not a top-level page.
    expect((await call(t, 'GET', 'pages/family-holidays')).statusCode).toBe(404);
    expect((await call(t, 'GET', 'pages/elsewhere/family-holidays')).statusCode).toBe(404);
  });

  it('saves inspiration slides with the -slug type suffix, in their order', async () => {
    const page = await create({
      section: 'inspiration',
      meta: {
        inspiration: [
          slide({ name: 'Second', order: 2, media_id: image }),
          slide({ name: 'First', slug: 'italy', type: 'destinations', order: 1 }),
          slide({ name: 'Third', slug: 'tuscany', type: 'regions-slug', order: 3 }),
          slide({ name: 'Fourth', slug: 'spring-deals', type: 'offers', order: 4 }),
        ],
      },
    });
    expect(page.meta.inspiration).toEqual([
      { name: 'First', subtitle: 'Rolling', slug: 'italy', type: 'destinations-slug', media_id: null, order: 1 },
      { name: 'Second', subtitle: 'Rolling', slug: 'tuscany-hills', type: 'tours-slug', media_id: image, order: 2 },
      { name: 'Third', subtitle: 'Rolling', slug: 'tuscany', type: 'regions-slug', media_id: null, order: 3 },
      { name: 'Fourth', subtitle: 'Rolling', slug: 'spring-deals', type: 'offers-slug', media_id: null, order: 4 },
    ]);
  });

  it('saves blocks sent with the page, cleaned, in their order', async () => {
    const page = await create({
      blocks: [
        { content: '<p>B</p>', order: 2 },
        { content: '<p>A<script>x()</script></p>', media_id: image, order: 1 },
      ],
    });
    expect(page.blocks).toEqual([
      { id: expect.any(Number), content: '<p>A</p>', media_id: image, order: 1 },
      { id: expect.any(Number), content: '<p>B</p>', media_id: null, order: 2 },
    ]);
  });

  it('accepts a hex colour with or without # and in short form, and an empty section as none', async () => {
    expect((await create({ ksp_bg_hex: 'ABC' })).ksp_bg_hex).toBe('ABC');
    expect((await create({ ksp_bg_hex: '#a1b2c3', section: '' })).section).toBeNull();
  });

  it.each([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['no slug', { slug: '' }, 'slug', 'Slug is required'],
    ['an unknown section', { section: 'blog' }, 'section', 'Section must be none, inspiration or explore'],
    ['a colour that is not hex', { ksp_bg_hex: 'green' }, 'ksp_bg_hex', 'Background colour must be a hex colour such as #1f6f43'],
    ['a slide without a name', { meta: { inspiration: [slide({ name: '' })] } }, 'meta.inspiration.0.name', 'Slide name is required'],
    ['a slide without a slug', { meta: { inspiration: [slide({ slug: ' ' })] } }, 'meta.inspiration.0.slug', 'Slide slug is required'],
    [
      'a slide of an unknown type',
      { meta: { inspiration: [slide({ type: 'hotels' })] } },
      'meta.inspiration.0.type',
      'Slide type must be one of tours, destinations, regions, offers',
    ],
    ['a slide order that is not whole', { meta: { inspiration: [slide({ order: 1.5 })] } }, 'meta.inspiration.0.order', 'Slide order must be a whole number'],
    ['slides that are not a list', { meta: { inspiration: 'many' } }, 'meta.inspiration', 'Slides must be a list'],
    ['blocks that are not a list', { blocks: 'many' }, 'blocks', 'Blocks must be a list'],
    ['a block image that is not an id', { blocks: [{ content: '', media_id: 'x' }] }, 'blocks.0.media_id', 'Block image must be an id number'],
  ])('refuses %s', async (_label, fields, path, message) => {
    count += 1;
    const response = await call(t, 'POST', 'pages', { title: 'Refused', slug: `refused-${count}`, ...fields });
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
  });

  it.each([
    [
      'a slide linking to a tour slug that does not exist',
      { meta: { inspiration: [slide({ slug: 'no-such-tour' })] } },
      'meta.inspiration.0.slug',
      'No tour has the slug "no-such-tour"',
    ],
    [
      'a slide linking to a region slug that does not exist',
      { meta: { inspiration: [slide({ slug: 'italy', type: 'regions' })] } },
      'meta.inspiration.0.slug',
      'No region has the slug "italy"',
    ],
    [
      'a slide image that does not exist',
      { meta: { inspiration: [slide({ media_id: 999999 })] } },
      'meta.inspiration.0.media_id',
      'Image 999999 does not exist',
    ],
    ['a block image that does not exist', { blocks: [{ content: '', media_id: 999999 }] }, 'blocks.0.media_id', 'Image 999999 does not exist'],
    ['a destination that does not exist', { destination_id: 999999 }, 'destination_id', 'destination_id 999999 does not exist'],
    ['a related tour that does not exist', { related_tours: [999999] }, 'related_tours', 'related_tours 999999 does not exist'],
    ['a banner that does not exist', { banner_id: 999999 }, 'banner_id', 'banner_id 999999 does not exist'],
  ])('refuses %s with 400, storing nothing', async (_label, fields, path, message) => {
    const before = (await expectCall<PageListItem[]>(t, 'GET', 'pages', undefined, 200)).length;
    const response = await call(t, 'POST', 'pages', { title: 'Dangling', slug: 'dangling', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: message, path }]);
    expect((await expectCall<PageListItem[]>(t, 'GET', 'pages', undefined, 200)).length).toBe(before);
  });

  it('refuses a slug another page of the same section has with 409', async () => {
    await create({ slug: 'taken' });
    await create({ slug: 'taken', section: 'explore' });
    const topLevel = await call(t, 'POST', 'pages', { title: 'Again', slug: 'taken' });
    expect(topLevel.statusCode).toBe(409);
    expect(topLevel.json<ErrorBody>().errors).toEqual([{ msg: 'Another page already has the slug "taken"', path: 'slug' }]);
    const explore = await call(t, 'POST', 'pages', { title: 'Again', slug: 'taken', section: 'explore' });
    expect(explore.json<ErrorBody>().errors).toEqual([{ msg: 'Another explore page already has the slug "taken"', path: 'slug' }]);
  });
});

describe('GET pages', () => {
  it('lists pages by title, filtered by section on request', async () => {
    const page = await create({ title: 'Zz last explore page', section: 'explore' });
    const all = await expectCall<PageListItem[]>(t, 'GET', 'pages', undefined, 200);
    const titles = all.map((item) => item.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const explore = await expectCall<PageListItem[]>(t, 'GET', 'pages?section=explore', undefined, 200);
    expect(explore.every((item) => item.section === 'explore')).toBe(true);
    expect(explore.find((item) => item.id === page.id)).toEqual({
      id: page.id,
      version: 1,
      title: page.title,
      slug: page.slug,
      section: 'explore',
      updatedAt: page.updatedAt,
    });
    const topLevel = await expectCall<PageListItem[]>(t, 'GET', 'pages?section=none', undefined, 200);
    expect(topLevel.every((item) => item.section === null)).toBe(true);
  });

  it('searches and pages the list', async () => {
    await create({ title: 'Unique searchable one' });
    const found = await expectCall<{ results: PageListItem[]; total: number }>(t, 'GET', 'pages?q=searchable', undefined, 200);
    expect(found.total).toBe(1);
  });

  it('reads a page by id when the address is a number that is no slug', async () => {
    const page = await create();
    expect((await expectCall<Page>(t, 'GET', `pages/${page.id}`, undefined, 200)).id).toBe(page.id);
  });
});

describe('PUT pages', () => {
  it('updates by pages/{id}: fields sent change, slides are replaced, blocks kept unless sent', async () => {
    const page = await create({ section: 'inspiration', meta: { inspiration: [slide()] }, blocks: [{ content: '<p>Keep</p>' }] });
    const updated = await expectCall<Page>(
      t,
      'PUT',
      `pages/${page.id}`,
      { version: 1, title: 'New title', meta: { inspiration: [slide({ name: 'Only' })] } },
      200,
    );
    expect(updated).toMatchObject({ title: 'New title', slug: page.slug, section: 'inspiration', version: 2 });
    expect(updated.meta.inspiration.map((item) => item.name)).toEqual(['Only']);
    expect(updated.blocks.map((block) => block.content)).toEqual(['<p>Keep</p>']);
  });

  it('updates by PUT pages with the id in the body, taking the whole page back as read', async () => {
    const page = await create({ meta: { inspiration: [slide()] } });
    const updated = await expectCall<Page>(t, 'PUT', 'pages', { ...page, subtitle: 'Changed' }, 200);
    expect(updated).toEqual({ ...page, subtitle: 'Changed', version: 2, updatedAt: expect.any(String) });
  });

  it('can move a page to another section', async () => {
    const page = await create();
    await expectCall(t, 'PUT', `pages/${page.id}`, { version: 1, section: 'explore' }, 200);
    expect((await expectCall<Page>(t, 'GET', `pages/explore/${page.slug}`, undefined, 200)).id).toBe(page.id);
  });

  it('refuses a stale version with 409 and keeps the stored page', async () => {
    const page = await create();
    await expectCall(t, 'PUT', `pages/${page.id}`, { version: 1, title: 'First' }, 200);
    expect((await call(t, 'PUT', `pages/${page.id}`, { version: 1, title: 'Second' })).statusCode).toBe(409);
    expect((await expectCall<Page>(t, 'GET', `pages/${page.slug}`, undefined, 200)).title).toBe('First');
  });

  it('refuses bad input, keeping fields, slides and blocks as they were', async () => {
    const page = await create({ section: 'inspiration', meta: { inspiration: [slide()] }, blocks: [{ content: '<p>Keep</p>' }] });
    expect((await call(t, 'PUT', `pages/${page.id}`, { version: 1, title: 'x', meta: { inspiration: [slide({ slug: 'missing' })] } })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `pages/${page.id}`, { version: 1, title: 'x', blocks: [{ content: '', media_id: 999999 }] })).statusCode).toBe(400);
    expect(await expectCall(t, 'GET', `pages/inspiration/${page.slug}`, undefined, 200)).toEqual(page);
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await call(t, 'PUT', 'pages/999999', { version: 1, title: 'x' })).statusCode).toBe(404);
  });
});

describe('PUT pages/{id}/blocks', () => {
  it('replaces the blocks with {version, blocks} and moves the page version on', async () => {
    const page = await create({ blocks: [{ content: '<p>Old</p>' }] });
    const blocks = [
      { content: '<p>Two</p>', order: 2 },
      { content: '<p>One</p>', media_id: image, order: 1 },
    ];
    const updated = await expectCall<Page>(t, 'PUT', `pages/${page.id}/blocks`, { version: page.version, blocks }, 200);
    expect(updated.blocks.map(({ content, media_id, order }) => ({ content, media_id, order }))).toEqual([
      { content: '<p>One</p>', media_id: image, order: 1 },
      { content: '<p>Two</p>', media_id: null, order: 2 },
    ]);
    expect(updated.version).toBe(2);
  });

  it('refuses a stale version', async () => {
    const page = await create();
    const saved = await expectCall<Page>(t, 'PUT', `pages/${page.id}/blocks`, { version: 1, blocks: [{ content: '<p>A</p>' }] }, 200);
    expect(saved.blocks).toHaveLength(1);
    expect((await call(t, 'PUT', `pages/${page.id}/blocks`, { version: 1, blocks: [] })).statusCode).toBe(409);
    expect((await expectCall<Page>(t, 'GET', `pages/${page.slug}`, undefined, 200)).blocks).toHaveLength(1);
  });

  it('refuses blocks sent without the version read (a bare list too), keeping the old ones (issue 19 item 10)', async () => {
    const page = await create({ blocks: [{ content: '<p>Keep</p>' }] });
    const bare = await call(t, 'PUT', `pages/${page.id}/blocks`, []);
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ErrorBody>().errors).toEqual([{ msg: 'Send the blocks with the version you loaded: {version, blocks}' }]);
    const unversioned = await call(t, 'PUT', `pages/${page.id}/blocks`, { blocks: [] });
    expect(unversioned.json<ErrorBody>().errors).toEqual([{ msg: 'Send the version you loaded', path: 'version' }]);
    const stored = await expectCall<Page>(t, 'GET', `pages/${page.slug}`, undefined, 200);
    expect({ version: stored.version, blocks: stored.blocks.map((block) => block.content) }).toEqual({ version: page.version, blocks: ['<p>Keep</p>'] });
  });

  it('clears the blocks with an empty list', async () => {
    const page = await create({ blocks: [{ content: '<p>Gone</p>' }] });
    expect((await expectCall<Page>(t, 'PUT', `pages/${page.id}/blocks`, { version: page.version, blocks: [] }, 200)).blocks).toEqual([]);
  });

  it('refuses bad blocks and keeps the old ones', async () => {
    const page = await create({ blocks: [{ content: '<p>Keep</p>' }] });
    const notText = await call(t, 'PUT', `pages/${page.id}/blocks`, { version: page.version, blocks: [{ content: 5 }] });
    expect(notText.statusCode).toBe(400);
    expect(notText.json<ErrorBody>().errors).toEqual([{ msg: 'Block content must be text', path: 'blocks.0.content' }]);
    const badOrder = await call(t, 'PUT', `pages/${page.id}/blocks`, { version: page.version, blocks: [{ order: 'first' }] });
    expect(badOrder.json<ErrorBody>().errors).toEqual([{ msg: 'Block order must be a whole number', path: 'blocks.0.order' }]);
    expect((await call(t, 'PUT', `pages/${page.id}/blocks`, { version: page.version, blocks: [{ content: '', media_id: 999999 }] })).statusCode).toBe(400);
    expect((await expectCall<Page>(t, 'GET', `pages/${page.slug}`, undefined, 200)).blocks.map((block) => block.content)).toEqual(['<p>Keep</p>']);
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await call(t, 'PUT', 'pages/999999/blocks', { version: 1, blocks: [] })).statusCode).toBe(404);
  });
});

describe('DELETE pages/{id}', () => {
  it('deletes a page with its slides and blocks', async () => {
    const page = await create({ section: 'inspiration', meta: { inspiration: [slide()] }, blocks: [{ content: '<p>x</p>' }] });
    expect(await expectCall(t, 'DELETE', `pages/${page.id}`, undefined, 200)).toEqual({ id: page.id });
    expect((await call(t, 'GET', `pages/inspiration/${page.slug}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('page_slides').selectAll().where('page_id', '=', page.id).execute()).toEqual([]);
    expect((await call(t, 'DELETE', `pages/${page.id}`)).statusCode).toBe(404);
  });

  it('keeps a destination a page is about from being deleted', async () => {
    const place = await addDestination(t.db, 'Portugal', 'portugal');
    await create({ destination_id: place });
    const response = await call(t, 'DELETE', `destinations/${place}`);
    expect(response.statusCode).toBe(409);
    expect(errorMessages(response.json<ErrorBody>())[0]).toContain('pages');
  });

  it('keeps an image a slide uses from being deleted from the library', async () => {
    const used = await addMediaRow(t.db, 'Slide image');
    await create({ meta: { inspiration: [slide({ name: 'Pictured slide', media_id: used })] } });
    const response = await call(t, 'DELETE', `media/${used}`);
    expect(response.statusCode).toBe(409);
    expect(errorMessages(response.json<ErrorBody>())[0]).toContain('Pictured slide');
  });
});
