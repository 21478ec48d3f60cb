import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/domain/content/blog-post.js';
import type { HomepageCollection } from '../../src/domain/content/homepage-collection.js';
import type { Offer } from '../../src/domain/content/offer.js';
import type { Page } from '../../src/domain/content/page.js';
import type { SiteOptions } from '../../src/domain/content/site-options.js';
import { addMediaRow, expectCall } from '../helpers/content-test-data.js';
import { scriptRisks } from '../helpers/harmless-html.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { XSS_PAYLOADS } from '../helpers/xss-payloads.js';

// Every rich-text field of the content calls, stored with each known XSS payload and read back:
// none may come back able to run script (DESIGN.md section 4: rich text is cleaned on save).

let t: TestApp;
let image: number;
beforeAll(async () => {
  t = await createTestApp();
  image = await addMediaRow(t.db);
});
afterAll(() => t.close());

/** Each stored field that must be harmless, with the payload it was given; an empty list when all are. */
const risksOf = (fields: Record<string, string>) =>
  Object.entries(fields).flatMap(([field, html]) => scriptRisks(html).map((risk) => `${field}: ${risk} in ${JSON.stringify(html)}`));

const cases = XSS_PAYLOADS.map((payload, index) => ({ payload, index }));

it('has a payload list worth testing against', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  // The checker itself must catch what it is looking for, or the tests below prove nothing.
  expect(XSS_PAYLOADS.filter((payload) => scriptRisks(payload).length > 0).length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length - 3);
  expect(scriptRisks('<p>Fine <a href="https://example.com">link</a></p>')).toEqual([]);
});

describe('blog posts: content and overview', () => {
  it.each(cases)('cleans payload $index on create and on update', async ({ payload, index }) => {
    const created = await expectCall<BlogPost>(t, 'POST', 'blog-posts', { title: 'XSS', slug: `xss-${index}`, content: payload, overview: payload }, 201);
    const updated = await expectCall<BlogPost>(
      t,
      'PUT',
      `blog-posts/${created.id}`,
      { version: created.version, content: `<p>a</p>${payload}`, overview: `${payload}<p>b</p>` },
      200,
    );
    const stored = await expectCall<BlogPost>(t, 'GET', `blog-posts/xss-${index}`, undefined, 200);
    expect(risksOf({ created: created.content, createdOverview: created.overview, content: stored.content, overview: stored.overview })).toEqual([]);
    expect(stored.content).toBe(updated.content);
  });
});

describe('pages: content, key selling points, overview and blocks', () => {
  it.each(cases)('cleans payload $index in every field and block', async ({ payload, index }) => {
    const created = await expectCall<Page>(
      t,
      'POST',
      'pages',
      { title: 'XSS', slug: `xss-${index}`, content: payload, ksp_content: payload, overview: payload, blocks: [{ content: payload, media_id: image }] },
      201,
    );
    await expectCall(
      t,
      'PUT',
      `pages/${created.id}/blocks`,
      { version: created.version, blocks: [{ content: payload }, { content: `<p>x</p>${payload}` }] },
      200,
    );
    const stored = await expectCall<Page>(t, 'GET', `pages/xss-${index}`, undefined, 200);
    expect(
      risksOf({
        content: stored.content,
        ksp_content: stored.ksp_content,
        overview: stored.overview,
        createdBlock: created.blocks[0].content,
        ...Object.fromEntries(stored.blocks.map((block, position) => [`block ${position}`, block.content])),
      }),
    ).toEqual([]);
  });
});

describe('offers: content', () => {
  it.each(cases)('cleans payload $index', async ({ payload, index }) => {
    const created = await expectCall<Offer>(t, 'POST', 'offers/', { name: 'XSS', title: 'XSS', subtitle: 'XSS', slug: `xss-${index}`, content: payload }, 201);
    const updated = await expectCall<Offer>(t, 'PUT', `offers/${created.id}`, { version: created.version, content: `${payload}${payload}` }, 200);
    expect(risksOf({ created: created.content, updated: updated.content })).toEqual([]);
  });
});

describe('site options: contact content', () => {
  it.each(cases)('cleans payload $index', async ({ payload }) => {
    const current = await expectCall<SiteOptions>(t, 'GET', 'global', undefined, 200);
    await expectCall(t, 'POST', 'global', { ...current, contact_content: payload }, 200);
    const stored = await expectCall<SiteOptions>(t, 'GET', 'global', undefined, 200);
    expect(risksOf({ contact_content: stored.contact_content })).toEqual([]);
  });
});

describe('homepage collection: content', () => {
  it.each(cases)('cleans payload $index', async ({ payload }) => {
    const current = await expectCall<HomepageCollection>(t, 'GET', 'homepage-collections', undefined, 200);
    await expectCall(t, 'POST', 'homepage-collections', { ...current, content: payload }, 200);
    const stored = await expectCall<HomepageCollection>(t, 'GET', 'homepage-collections', undefined, 200);
    expect(risksOf({ content: stored.content })).toEqual([]);
  });
});

describe('what the cleaning keeps', () => {
  it('keeps the formatting the editor makes, and safe links', async () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s>, <code>code</code></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr />' +
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">out</a> ' +
      '<a href="mailto:a@example.com">mail</a> <a href="/tours/">in</a></p>';
    const post = await expectCall<BlogPost>(t, 'POST', 'blog-posts', { title: 'Kept', slug: 'kept-formatting', content: html }, 201);
    expect(post.content).toBe(html);
    expect(scriptRisks(post.content)).toEqual([]);
  });
});
