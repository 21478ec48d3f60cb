import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_FIELDS, type RichTextOwner } from '../../src/domain/rich-text-fields.js';
import { e2eServer, launchBrowser, logIn, requestsSettled, trackRequests } from '../helpers/browser.js';
import { apiCaller } from '../helpers/pricing-e2e.js';
import { recordFigures } from '../helpers/report-figures.js';
import { PAYLOAD_RESET, XSS_PAYLOADS } from '../helpers/xss-payloads.js';

// Every payload of the list, stored through every rich-text field of the product (the server's own
// list, src/domain/rich-text-fields.ts), then the screens that show them opened in Chromium: two in
// npm test (tests/e2e/xss.test.ts), every one in npm run test:stress (tests/stress/xss-browser.test.ts). No
// script may run: no dialog, no `window.__xss`, and none of the payloads' working parts (event
// handlers, script/iframe/object elements, javascript: addresses) may reach the page at all; the
// Content-Security-Policy would stop some of them in the browser, but the sanitiser must not rely
// on it, so a violation report counts as a failure too.

type FieldName = `${RichTextOwner}.${string}`;

const ALL_FIELDS = Object.entries(RICH_TEXT_FIELDS).flatMap(([owner, fields]) => fields.map((field) => `${owner}.${field}` as FieldName));

/** Marks where a field's payloads start and end, so a screen can be seen to show that field. */
const marker = (field: FieldName, index: number) => `${field} payload ${index}`;
const firstAndLast = (field: FieldName) => [marker(field, 0), marker(field, XSS_PAYLOADS.length - 1)];
const hostile = (field: FieldName) => XSS_PAYLOADS.map((payload, index) => `<p>${marker(field, index)}</p>${payload}${PAYLOAD_RESET}`).join('\n');

const stored = new Set<FieldName>();
/** Every rich-text field of `owner` filled with the payloads, noted as stored. */
function hostileFields(owner: RichTextOwner): Record<string, string> {
  return Object.fromEntries(
    RICH_TEXT_FIELDS[owner].map((field) => {
      const name: FieldName = `${owner}.${field}`;
      stored.add(name);
      return [field, hostile(name)];
    }),
  );
}

// Stored and checked through the API, but no screen of the back-office shows it.
const ON_NO_SCREEN: FieldName[] = ['tour-meta.itinerary_snippet'];

type Id = { id: number; version: number };
type Tour = Id & { hotels: number[]; restaurants: number[]; destinations: number[]; operator_id: number | null; seasons: { season_id: number }[] };
type Booking = Id & { tour_id: number | null; comments: string };

let call: Awaited<ReturnType<typeof apiCaller>>;
let browser: Browser;
let page: Page;
let booking: Booking;
let tour: Tour;
const unique = Date.now().toString(36);
const created: Partial<Record<RichTextOwner, Id & { slug?: string }>> = {};
const dialogs: string[] = [];
const pagesChecked: string[] = [];
const tracesFound: string[] = [];

/** Creates a record whose rich text is all payloads (and whatever else it needs). */
async function create(owner: RichTextOwner, path: string, fields: Record<string, unknown>) {
  created[owner] = await call<Id & { slug?: string }>('POST', path, { ...fields, ...hostileFields(owner) });
  return created[owner]!.id;
}

/** A seeded booking whose tour has seasons and an itinerary: its customer document shows them. */
async function findBooking(): Promise<[Booking, Tour]> {
  const list = await call<{ results: { id: number }[] }>('GET', 'bookings?page=1&page_size=50');
  for (const { id } of list.results) {
    const candidate = await call<Booking>('GET', `bookings/${id}`);
    if (!candidate.tour_id) continue;
    const itsTour = await call<Tour>('GET', `tours/${candidate.tour_id}`);
    const days = await call<{ itineraries: unknown[] }>('GET', `tours/${itsTour.id}/itineraries`);
    if (itsTour.seasons.length && days.itineraries.length) return [candidate, itsTour];
  }
  throw new Error('No seeded booking is on a tour with seasons and an itinerary');
}

async function storeEverything() {
  [booking, tour] = await findBooking();
  const name = { name: `XSS ${unique}` };
  const slug = (kind: string) => `xss-${kind}-${unique}`;

  // Reference records of their own, linked to the tour so the customer document shows them too.
  const hotel = await create('hotels', 'hotels', name);
  const restaurant = await create('restaurants', 'restaurants', name);
  const operator = await create('operators', 'operators', name);
  const destination = await create('destinations', 'destinations', { ...name, slug: slug('destination') });
  await create('regions', 'regions', { ...name, slug: slug('region') });
  await create('categories', 'categories', { ...name, slug: slug('category') });
  await create('boats', 'boats', name);

  const meta = Object.entries(hostileFields('tour-meta')).map(([key, value]) => ({ key, value }));
  tour = await call<Tour>('PUT', `tours/${tour.id}`, {
    version: tour.version,
    ...hostileFields('tours'),
    meta,
    hotels: [hotel, ...tour.hotels],
    restaurants: [restaurant, ...tour.restaurants],
    destinations: [destination, ...tour.destinations],
    operator_id: operator,
  });
  const documentation = await call<Id>('GET', `tours/${tour.id}/documentation`);
  await call('PUT', `tours/${tour.id}/documentation`, { version: documentation.version, ...hostileFields('tour-documentation') });
  const days = await call<{ version: number; itineraries: Record<string, unknown>[] }>('GET', `tours/${tour.id}/itineraries`);
  const itineraryContent = hostileFields('itineraries');
  await call('PUT', `tours/${tour.id}/itineraries`, { version: days.version, itineraries: days.itineraries.map((day) => ({ ...day, ...itineraryContent })) });
  tour = await call<Tour>('GET', `tours/${tour.id}`);

  const seasonId = tour.seasons[0].season_id;
  const specifications = await call<{ tour_season: { version: number }; specifications: { id: number }[] }>(
    'GET',
    `tour-specifications/${tour.id}/${seasonId}`,
  );
  await call('PUT', `tour-specifications/${tour.id}/${seasonId}`, {
    version: specifications.tour_season.version,
    specifications: [hostileFields('tour-specifications')],
    removed_ids: specifications.specifications.map((row) => row.id),
  });

  await create('blog-posts', 'blog-posts', { title: name.name, slug: slug('blog') });
  const blocks = hostileFields('page-blocks');
  await create('pages', 'pages', { title: name.name, slug: slug('page'), blocks: [blocks] });
  await create('offers', 'offers/', { ...name, title: name.name, subtitle: name.name, slug: slug('offer') });
  const options = await call<Record<string, unknown>>('GET', 'global');
  await call('POST', 'global', { ...options, ...hostileFields('site-options') });
  const collection = await call<Record<string, unknown>>('GET', 'homepage-collections');
  await call('POST', 'homepage-collections', { ...collection, ...hostileFields('homepage-collections') });

  // Plain text, not rich text, but shown on the booking screens: the payloads as typed.
  await call('PUT', `bookings/${booking.id}`, { ...booking, comments: XSS_PAYLOADS.join('\n') });
}

/** What a hostile payload would leave behind in the live page. */
const traces = () =>
  page.evaluate(() => {
    const found: string[] = [];
    const flag = (window as unknown as { __xss?: unknown }).__xss;
    if (flag !== undefined) found.push(`window.__xss = ${String(flag)}`);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`<${element.localName} ${attribute.name}>`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attribute.name) && /^\s*(javascript|data:text\/html|vbscript)/i.test(attribute.value))
          found.push(`<${element.localName} ${attribute.name}="${attribute.value.slice(0, 40)}">`);
        if (attribute.name === 'style' && /expression\(|javascript:/i.test(attribute.value)) found.push(`<${element.localName} style>`);
      }
      if (['iframe', 'object', 'embed', 'frame', 'base', 'meta', 'link'].includes(element.localName) && element.closest('body'))
        found.push(`<${element.localName}> in the body`);
      if (element.localName === 'script' && element.closest('body')) found.push('<script> in the body');
    }
    // zod probes once whether eval is allowed (and copes when it is not): that report is the app's, not a payload's.
    const violations = (window as unknown as { __cspViolations: string[] }).__cspViolations.filter((violation) => violation !== 'script-src: eval');
    found.push(...violations.map((violation) => `CSP violation ${violation}`));
    return found;
  });

/** Opens a screen, waits until it shows every marker (or the ready element), then provokes the page. */
async function visit(address: string, ready: string, markers: string[]) {
  await page.goto(`${e2eServer().baseUrl}${address}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  // Editors fill in after mounting; a marker that never shows is reported by the test that follows.
  await page.waitForFunction((texts) => texts.every((text) => document.body.textContent?.includes(text)), markers, { timeout: 20_000 }).catch(() => undefined);
  await requestsSettled(page);
  // Handlers that wait for a pointer or focus: sweep the pointer over the page and tab through it.
  for (let y = 50; y < 900; y += 120) for (let x = 50; x < 1280; x += 240) await page.mouse.move(x, y);
  for (let step = 0; step < 15; step += 1) await page.keyboard.press('Tab');
  await settled();
  pagesChecked.push(address);
}

/**
 * Lets everything the sweep set off happen before the page is read: the requests it started (an
 * image that fails calls its onerror), two frames (animations begin: an SVG onbegin) and then one
 * task, which runs after the CSP violation reports already queued. Events, not a time.
 */
async function settled() {
  await requestsSettled(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
}

const fieldsOf = (owner: RichTextOwner) => RICH_TEXT_FIELDS[owner].map((field): FieldName => `${owner}.${field}`);

// Label, address, what shows the page is ready, and the rich-text fields it shows.
const screens: [string, () => string, string, FieldName[]][] = [
  [
    'the customer document of the booking',
    () => `/bookings/${booking.id}/documentation`,
    'h1',
    [
      ...fieldsOf('tour-documentation'),
      'hotels.content',
      'restaurants.content',
      'operators.contact',
      'destinations.tipping',
      'tour-meta.weather',
      'itineraries.content',
    ],
  ],
  ['the booking overview', () => `/bookings/${booking.id}`, 'h1, h2', []],
  ['the booking form', () => `/bookings/edit/${booking.id}`, 'form', []],
  ['the tour form', () => `/tours/${tour.id}`, '.ProseMirror', fieldsOf('tours')],
  [
    'the tour details tab',
    () => `/tours/${tour.id}/details`,
    '.ProseMirror',
    ['tour-meta.accommodation', 'tour-meta.bikes_snippet', 'tour-meta.getting_there'],
  ],
  ['the tour itinerary tab', () => `/tours/${tour.id}/itineraries`, '.ProseMirror', fieldsOf('itineraries')],
  ['the tour documentation tab', () => `/tours/${tour.id}/documentation`, '.ProseMirror', fieldsOf('tour-documentation')],
  ['the specifications tab', () => `/tours/${tour.id}/specifications?season=${tour.seasons[0].season_id}`, '.ProseMirror', fieldsOf('tour-specifications')],
  ['the hotel form', () => `/hotels/${created.hotels!.id}`, '.ProseMirror', fieldsOf('hotels')],
  ['the restaurant form', () => `/restaurants/${created.restaurants!.id}`, '.ProseMirror', fieldsOf('restaurants')],
  ['the operator form', () => `/operators/${created.operators!.id}`, '.ProseMirror', fieldsOf('operators')],
  ['the destination form', () => `/destinations/${created.destinations!.id}`, '.ProseMirror', fieldsOf('destinations')],
  ['the region form', () => `/regions/${created.regions!.slug}`, '.ProseMirror', fieldsOf('regions')],
  ['the category form', () => `/categories/${created.categories!.id}`, '.ProseMirror', fieldsOf('categories')],
  ['the boat form', () => `/boats/${created.boats!.id}`, '.ProseMirror', fieldsOf('boats')],
  ['the blog post form', () => `/blogs/${created['blog-posts']!.slug}`, '.ProseMirror', fieldsOf('blog-posts')],
  ['the page form with its blocks', () => `/pages/${created.pages!.slug}`, '.ProseMirror', [...fieldsOf('pages'), ...fieldsOf('page-blocks')]],
  ['the offer form', () => `/offers/${created.offers!.id}`, '.ProseMirror', fieldsOf('offers')],
  ['the site options', () => '/options', '.ProseMirror', fieldsOf('site-options')],
  ['the homepage collection', () => '/homepage-collections', '.ProseMirror', fieldsOf('homepage-collections')],
];

/** Which screens a run opens: two in npm test (the customer document, which shows most fields, and a form with
 * its rich-text editors), every one in npm run test:stress. */
export type XssSweep = 'short' | 'full';
const SHORT_SWEEP = ['the customer document of the booking', 'the tour form'];

/** The XSS browser tests on the server the browser helpers use (e2eServer): every payload in every field, then the screens of `sweep`. */
export function describeXssSweep(sweep: XssSweep) {
  beforeAll(async () => {
    call = await apiCaller();
    await storeEverything();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    trackRequests(page);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Recorded from the first script on every page: blocked attempts count as much as successful ones.
    await page.addInitScript(() => {
      const record = window as unknown as { __cspViolations: string[] };
      record.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => record.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`));
    });
    await logIn(page);
  }, 300_000);

  afterAll(async () => {
    recordFigures('xss', {
      payloads: XSS_PAYLOADS.length,
      richTextFields: stored.size,
      screens: pagesChecked.length,
      tracesFound: tracesFound.length,
      dialogs: dialogs.length,
      fieldsChecked: [...stored].join(', '),
      fieldsOnNoScreen: ON_NO_SCREEN.join(', '),
      screensChecked: pagesChecked.join(', '),
    });
    await browser?.close();
  });

  describe(`stored XSS payloads never run (${sweep === 'full' ? 'every screen' : 'two screens'})`, () => {
    it('store payloads in every rich-text field the server cleans, and open a screen for each', () => {
      expect([...stored].sort()).toEqual([...ALL_FIELDS].sort());
      const shown = new Set(screens.flatMap(([, , , fields]) => fields));
      expect(ALL_FIELDS.filter((field) => !shown.has(field) && !ON_NO_SCREEN.includes(field))).toEqual([]);
      expect(ON_NO_SCREEN.filter((field) => shown.has(field))).toEqual([]);
    });

    it('leave the server no way to store rich text except through the list of rich-text fields', () => {
      // Saves clean with withCleanRichText(owner, record), which reads the list; only the customer
      // document calls the sanitiser itself, to clean again on the way out, and migration 015, which
      // re-checks every stored field of the list.
      const root = path.resolve('src/server');
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
      const direct = files.filter((file) => /\bsanitize(Stored)?RichText\(/.test(readFileSync(path.join(root, file), 'utf8')));
      const expected = ['db/migrations/016-flatten-over-limit-rich-text.ts', 'routes/bookings/booking-documentation-routes.ts', 'sanitize-rich-text.ts'];
      expect(direct.sort()).toEqual(expected);
    });

    it('are cleaned by the server before they are stored', async () => {
      const seasonId = tour.seasons[0].season_id;
      const read: [FieldName[], () => Promise<Record<string, unknown>>][] = [
        [fieldsOf('tours'), () => call('GET', `tours/${tour.id}`)],
        [
          fieldsOf('tour-meta'),
          async () => Object.fromEntries((await call<{ key: string; value: string }[]>('GET', `tours/${tour.id}/meta`)).map((item) => [item.key, item.value])),
        ],
        [fieldsOf('tour-documentation'), () => call('GET', `tours/${tour.id}/documentation`)],
        [fieldsOf('itineraries'), async () => (await call<{ itineraries: Record<string, unknown>[] }>('GET', `tours/${tour.id}/itineraries`)).itineraries[0]],
        [
          fieldsOf('tour-specifications'),
          async () => (await call<{ specifications: Record<string, unknown>[] }>('GET', `tour-specifications/${tour.id}/${seasonId}`)).specifications[0],
        ],
        [fieldsOf('pages'), () => call('GET', `pages/${created.pages!.slug}`)],
        [fieldsOf('page-blocks'), async () => (await call<{ blocks: Record<string, unknown>[] }>('GET', `pages/${created.pages!.slug}`)).blocks[0]],
        [fieldsOf('blog-posts'), () => call('GET', `blog-posts/${created['blog-posts']!.slug}`)],
        [fieldsOf('offers'), () => call('GET', `offers/${created.offers!.id}`)],
        [fieldsOf('site-options'), () => call('GET', 'global')],
        [fieldsOf('homepage-collections'), () => call('GET', 'homepage-collections')],
        ...(['hotels', 'restaurants', 'operators', 'destinations', 'categories'] as const).map(
          (owner): [FieldName[], () => Promise<Record<string, unknown>>] => [fieldsOf(owner), () => call('GET', `${owner}/${created[owner]!.id}`)],
        ),
        [fieldsOf('regions'), () => call('GET', `regions/${created.regions!.slug}`)],
        [fieldsOf('boats'), async () => (await call<Record<string, unknown>[]>('GET', 'boats')).find((boat) => boat.id === created.boats!.id)!],
      ];
      expect(read.flatMap(([fields]) => fields).sort()).toEqual([...ALL_FIELDS].sort());
      for (const [fields, load] of read) {
        const record = await load();
        for (const field of fields) {
          const html = String(record[field.slice(field.indexOf('.') + 1)]);
          expect(html, field).toContain(marker(field, XSS_PAYLOADS.length - 1));
          expect(html, field).not.toMatch(/<script|<iframe|<object|<embed|<img|<svg|<style|\son\w+\s*=|javascript:/i);
        }
      }
    });

    const opened = sweep === 'full' ? screens : screens.filter(([label]) => SHORT_SWEEP.includes(label));
    it.each(opened)('on %s', async (_label, address, ready, fields) => {
      const markers = fields.flatMap(firstAndLast);
      await visit(address(), ready, markers);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(markers.filter((expected) => !text.includes(expected))).toEqual([]);
      const found = await traces();
      tracesFound.push(...found);
      expect(found).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  });
}
