import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostListItem } from '../../src/domain/content/blog-post.js';
import { addMediaRow, addTour, call, errorMessages, errorPaths, expectCall, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let tourA: number;
let tourB: number;
let image: number;
beforeAll(async () => {
  t = await createTestApp();
  tourA = await addTour(t.db, 'Danube Cycle Path', 'danube-cycle-path');
  tourB = await addTour(t.db, 'Loire Valley', 'loire-valley');
  image = await addMediaRow(t.db, 'Banner');
});
afterAll(() => t.close());

let count = 0;
const create = (fields: Record<string, unknown> = {}) => {
  count += 1;
  return expectCall<BlogPost>(t, 'POST', 'blog-posts', { title: `Post ${count}`, slug: `post-${count}`, ...fields }, 201);
};

describe('POST blog-posts', () => {
  it('creates a post shown on the homepage by default, with related tours sent as ids', async () => {
    const post = await create({
      title: 'Cycling the Danube',
      slug: 'cycling-the-danube',
      content: '<h2>Day one</h2><p>Passau to <strong>Linz</strong></p>',
      overview: '<p>A gentle week</p>',
      related_tours: [tourB, tourA],
      banner_id: image,
      overview_image_id: image,
      seo_title: 'Danube by bike',
    });
    expect(post).toEqual({
      id: expect.any(Number),
      version: 1,
      title: 'Cycling the Danube',
      slug: 'cycling-the-danube',
      content: '<h2>Day one</h2><p>Passau to <strong>Linz</strong></p>',
      overview: '<p>A gentle week</p>',
      related_tours: [tourB, tourA],
      related: [
        { id: tourB, name: 'Loire Valley', slug: 'loire-valley' },
        { id: tourA, name: 'Danube Cycle Path', slug: 'danube-cycle-path' },
      ],
      show_on_homepage: true,
      banner_id: image,
      overview_image_id: image,
      seo_title: 'Danube by bike',
      seo_description: '',
      seo_keywords: '',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await expectCall(t, 'GET', 'blog-posts/cycling-the-danube', undefined, 200)).toEqual(post);
  });

  it('keeps show_on_homepage false when sent', async () => {
    expect((await create({ show_on_homepage: false })).show_on_homepage).toBe(false);
  });

  it('ignores the display-only fields the form removes before sending', async () => {
    const post = await create({
      meta: { x: 1 },
      related: [{ id: 1 }],
      image: { url: 'x' },
      overview_image: {},
      banner: {},
      destination: 1,
      region: 2,
      blocks: [],
    });
    expect(post).not.toHaveProperty('meta');
    expect(post).not.toHaveProperty('banner');
    expect(post).not.toHaveProperty('blocks');
  });

  it('cleans the rich text before storing it', async () => {
    const post = await create({ content: '<p onclick="steal()">Hi<script>alert(1)</script></p>', overview: '<img src=x onerror=alert(1)>Short' });
    expect(post.content).toBe('<p>Hi</p>');
    expect(post.overview).toBe('Short');
  });

  it.each([
    ['no title', { slug: 'no-title' }, 'title', 'Title is required'],
    ['a blank title', { title: '  ', slug: 'blank-title' }, 'title', 'Title is required'],
    ['no slug', { title: 'No slug' }, 'slug', 'Slug is required'],
    ['a slug with capitals and spaces', { title: 'x', slug: 'Bad Slug' }, 'slug', 'Use lower-case letters, digits and single hyphens'],
    ['related tours that are not ids', { title: 'x', slug: 'x-ids', related_tours: ['one'] }, 'related_tours.0', 'Related tours must be id numbers'],
    ['a related tour twice', { title: 'x', slug: 'x-twice', related_tours: [7, 7] }, 'related_tours', 'Related tours: each may appear once'],
    [
      'show_on_homepage that is not a boolean',
      { title: 'x', slug: 'x-show', show_on_homepage: 'yes' },
      'show_on_homepage',
      'Show on homepage must be true or false',
    ],
    ['a banner that is not an id', { title: 'x', slug: 'x-banner', banner_id: 'big' }, 'banner_id', 'Banner image must be an id number'],
  ])('refuses %s', async (_label, body, path, message) => {
    const response = await call(t, 'POST', 'blog-posts', body);
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>();
    expect(errorPaths(errors)).toContain(path);
    expect(errorMessages(errors)).toContain(message);
  });

  it.each([
    ['a related tour that does not exist', { related_tours: [999999] }, 'related_tours'],
    ['a banner image that does not exist', { banner_id: 999999 }, 'banner_id'],
    ['an overview image that does not exist', { overview_image_id: 999999 }, 'overview_image_id'],
  ])('refuses %s with 400 and stores nothing', async (_label, fields, path) => {
    const before = (await expectCall<BlogPostListItem[]>(t, 'GET', 'blog-posts', undefined, 200)).length;
    const response = await call(t, 'POST', 'blog-posts', { title: 'Dangling', slug: `dangling-${path.replaceAll('_', '-')}`, ...fields });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response.json<ErrorBody>())).toEqual([path]);
    expect((await expectCall<BlogPostListItem[]>(t, 'GET', 'blog-posts', undefined, 200)).length).toBe(before);
  });

  it('refuses a slug another post has with 409', async () => {
    await create({ slug: 'taken-slug' });
    const response = await call(t, 'POST', 'blog-posts', { title: 'Again', slug: 'taken-slug' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'Another blog post already has the slug "taken-slug"', path: 'slug' }]);
  });
});

describe('GET blog-posts', () => {
  it('lists posts newest first', async () => {
    const older = await create();
    const newer = await create();
    const list = await expectCall<BlogPostListItem[]>(t, 'GET', 'blog-posts', undefined, 200);
    const ids = list.map((post) => post.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((post) => post.id === newer.id)).toEqual({
      id: newer.id,
      version: 1,
      title: newer.title,
      slug: newer.slug,
      show_on_homepage: true,
      createdAt: newer.createdAt,
      updatedAt: newer.updatedAt,
    });
  });

  it('searches titles and slugs, one page at a time', async () => {
    await create({ title: 'Alpine passes', slug: 'alpine-passes' });
    await create({ title: 'Lakes', slug: 'alpine-lakes' });
    const page = await expectCall<{ results: BlogPostListItem[]; total: number }>(t, 'GET', 'blog-posts?q=alpine&per_page=1', undefined, 200);
    expect(page.total).toBe(2);
    expect(page.results).toHaveLength(1);
  });

  it('reads a post by its id when the address is a number that is no slug', async () => {
    const post = await create();
    expect((await expectCall<BlogPost>(t, 'GET', `blog-posts/${post.id}`, undefined, 200)).slug).toBe(post.slug);
  });

  it('answers 404 for a slug no post has', async () => {
    expect((await call(t, 'GET', 'blog-posts/no-such-post')).statusCode).toBe(404);
  });
});

describe('PUT blog-posts', () => {
  it('updates by blog-posts/{id}, changing only what is sent', async () => {
    const post = await create({ related_tours: [tourA], overview: '<p>Keep me</p>' });
    const updated = await expectCall<BlogPost>(t, 'PUT', `blog-posts/${post.id}`, { version: 1, title: 'Renamed', related_tours: [tourB] }, 200);
    expect(updated).toMatchObject({ title: 'Renamed', overview: '<p>Keep me</p>', related_tours: [tourB], version: 2, slug: post.slug });
    expect(updated.related).toEqual([{ id: tourB, name: 'Loire Valley', slug: 'loire-valley' }]);
  });

  it('updates by PUT blog-posts with the id in the body (the whole entity, as the form sends it)', async () => {
    const post = await create();
    const { related: _related, createdAt: _created, updatedAt: _updated, ...body } = post;
    const updated = await expectCall<BlogPost>(t, 'PUT', 'blog-posts', { ...body, show_on_homepage: false }, 200);
    expect(updated).toMatchObject({ id: post.id, show_on_homepage: false, version: 2 });
  });

  it('cleans rich text on update too', async () => {
    const post = await create();
    const updated = await expectCall<BlogPost>(t, 'PUT', `blog-posts/${post.id}`, { version: 1, content: '<p><a href="javascript:alert(1)">x</a></p>' }, 200);
    expect(updated.content).toBe('<p><a>x</a></p>');
  });

  it('refuses a stale version with 409 and keeps the stored post', async () => {
    const post = await create();
    await expectCall(t, 'PUT', `blog-posts/${post.id}`, { version: 1, title: 'First' }, 200);
    const stale = await call(t, 'PUT', `blog-posts/${post.id}`, { version: 1, title: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect((await expectCall<BlogPost>(t, 'GET', `blog-posts/${post.slug}`, undefined, 200)).title).toBe('First');
  });

  it('refuses a bad field and a slug another post has, changing nothing', async () => {
    const other = await create();
    const post = await create();
    expect((await call(t, 'PUT', `blog-posts/${post.id}`, { version: 1, title: '' })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `blog-posts/${post.id}`, { version: 1, slug: other.slug })).statusCode).toBe(409);
    expect((await call(t, 'PUT', `blog-posts/${post.id}`, { version: 1, related_tours: [999999] })).statusCode).toBe(400);
    expect(await expectCall<BlogPost>(t, 'GET', `blog-posts/${post.slug}`, undefined, 200)).toEqual(post);
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await call(t, 'PUT', 'blog-posts/999999', { version: 1, title: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE blog-posts/{id}', () => {
  it('deletes a post', async () => {
    const post = await create();
    expect(await expectCall(t, 'DELETE', `blog-posts/${post.id}`, undefined, 200)).toEqual({ id: post.id });
    expect((await call(t, 'GET', `blog-posts/${post.slug}`)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `blog-posts/${post.id}`)).statusCode).toBe(404);
  });

  it('keeps an image a post uses from being deleted from the library', async () => {
    const banner = await addMediaRow(t.db, 'Used banner');
    await create({ title: 'Uses a banner', banner_id: banner });
    const response = await call(t, 'DELETE', `media/${banner}`);
    expect(response.statusCode).toBe(409);
    expect(errorMessages(response.json<ErrorBody>())[0]).toContain('blog post "Uses a banner" (banner)');
  });
});
