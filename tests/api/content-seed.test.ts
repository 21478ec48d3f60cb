import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostListItem } from '../../src/domain/content/blog-post.js';
import type { Contacts } from '../../src/domain/content/contacts.js';
import type { HomepageCollection } from '../../src/domain/content/homepage-collection.js';
import type { Navigation } from '../../src/domain/content/navigation.js';
import type { Offer, OfferListItem } from '../../src/domain/content/offer.js';
import type { Page, PageListItem } from '../../src/domain/content/page.js';
import type { Redirect } from '../../src/domain/content/redirect.js';
import type { Review } from '../../src/domain/content/review.js';
import { toSiteOptionsBody, type SiteOptions } from '../../src/domain/content/site-options.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { expectCall } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The demo seed's website content must be what the content calls themselves would accept: every
// record reads back through its call and saves again unchanged (links, slugs and rules all hold).

/** The API path that reads a page by its address: `pages/{slug}` or `pages/{section}/{slug}`. */
const pageApiPath = (page: { slug: string; section: string | null }) => (page.section ? `pages/${page.section}/${page.slug}` : `pages/${page.slug}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { scale: 'demo', seed: 11 });
}, 300_000);
afterAll(() => t.close());

describe('seeded website content', () => {
  it('has a few of each kind', async () => {
    expect((await expectCall<BlogPostListItem[]>(t, 'GET', 'blog-posts', undefined, 200)).length).toBeGreaterThanOrEqual(3);
    expect((await expectCall<PageListItem[]>(t, 'GET', 'pages', undefined, 200)).map((page) => page.section)).toEqual(
      expect.arrayContaining([null, 'inspiration', 'explore']),
    );
    expect((await expectCall<OfferListItem[]>(t, 'GET', 'offers', undefined, 200)).map((offer) => offer.type).sort()).toEqual([
      '2for1bikes',
      'freebikes',
      'tour',
    ]);
    expect((await expectCall<Redirect[]>(t, 'GET', 'redirects', undefined, 200)).length).toBeGreaterThanOrEqual(5);
    expect((await expectCall<Review[]>(t, 'GET', 'reviews', undefined, 200)).length).toBeGreaterThanOrEqual(5);
    expect(await expectCall<Contacts[]>(t, 'GET', 'contacts', undefined, 200)).toHaveLength(1);
    expect((await expectCall<HomepageCollection>(t, 'GET', 'homepage-collections', undefined, 200)).title).not.toBe('');
  });

  it('saves every seeded post, page and offer back unchanged', async () => {
    for (const item of await expectCall<BlogPostListItem[]>(t, 'GET', 'blog-posts', undefined, 200)) {
      const post = await expectCall<BlogPost>(t, 'GET', `blog-posts/${item.slug}`, undefined, 200);
      expect(await expectCall<BlogPost>(t, 'PUT', `blog-posts/${post.id}`, post, 200)).toEqual({
        ...post,
        version: post.version + 1,
        updatedAt: expect.any(String),
      });
    }
    for (const item of await expectCall<PageListItem[]>(t, 'GET', 'pages', undefined, 200)) {
      const page = await expectCall<Page>(t, 'GET', pageApiPath(item), undefined, 200);
      const saved = await expectCall<Page>(t, 'PUT', `pages/${page.id}`, page, 200);
      expect({ ...saved, blocks: saved.blocks.map(({ id: _id, ...block }) => block) }).toEqual({
        ...page,
        blocks: page.blocks.map(({ id: _id, ...block }) => block),
        version: page.version + 1,
        updatedAt: expect.any(String),
      });
    }
    for (const item of await expectCall<OfferListItem[]>(t, 'GET', 'offers', undefined, 200)) {
      const offer = await expectCall<Offer>(t, 'GET', `offers/${item.id}`, undefined, 200);
      expect(await expectCall<Offer>(t, 'PUT', `offers/${offer.id}`, offer, 200)).toEqual({ ...offer, version: offer.version + 1 });
    }
  });

  it('saves the seeded site options, navigations, homepage collection, contacts and redirects back unchanged', async () => {
    const options = await expectCall<SiteOptions>(t, 'GET', 'global', undefined, 200);
    expect(options.popular_searches.length).toBeGreaterThan(0);
    expect(await expectCall(t, 'POST', 'global', toSiteOptionsBody(options), 200)).toEqual({ ...options, version: options.version + 1 });
    const navigations = await expectCall<Navigation[]>(t, 'GET', 'navigations', undefined, 200);
    expect(navigations.every((navigation) => navigation.column_1.links.length > 0)).toBe(true);
    expect(await expectCall(t, 'POST', 'navigations', navigations, 200)).toEqual(
      navigations.map((navigation) => ({ ...navigation, version: navigation.version + 1 })),
    );
    const collection = await expectCall<HomepageCollection>(t, 'GET', 'homepage-collections', undefined, 200);
    expect(await expectCall(t, 'POST', 'homepage-collections', collection, 200)).toEqual({ ...collection, version: collection.version + 1 });
    const [contacts] = await expectCall<Contacts[]>(t, 'GET', 'contacts', undefined, 200);
    expect(await expectCall(t, 'PUT', 'contacts', contacts, 200)).toEqual({ ...contacts, version: contacts.version + 1 });
    for (const redirect of await expectCall<Redirect[]>(t, 'GET', 'redirects', undefined, 200)) {
      expect(await expectCall(t, 'PUT', 'redirects', redirect, 200)).toEqual({ ...redirect, version: redirect.version + 1 });
    }
  });
});
