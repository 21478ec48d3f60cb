import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { recordFigures } from '../helpers/report-figures.js';
import { XSS_PAYLOADS } from '../helpers/xss-payloads.js';

// Every payload of the list, stored through the rich-text fields a booking's customer document and
// the tour and reference forms render, then every screen that shows them opened in Chromium. No
// script may run: no dialog, no `window.__xss`, and none of the payloads' working parts (event
// handlers, script/iframe/object elements, javascript: addresses) may reach the page at all; the
// Content-Security-Policy would stop some of them in the browser, but the sanitiser must not rely
// on it, so a violation report counts as a failure too.

const HOSTILE = XSS_PAYLOADS.map((payload, index) => `<p>payload ${index}</p>${payload}`).join('\n');

let browser: Browser;
let page: Page;
let token = '';
const dialogs: string[] = [];
const pagesChecked: string[] = [];

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2eServer().baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type Booking = { id: number; tour_id: number | null; comments: string };
type Tour = { id: number; version: number; hotels: number[]; restaurants: number[]; operator_id: number | null };

let booking: Booking;
let tour: Tour;

beforeAll(async () => {
  const { baseUrl, email, password } = e2eServer();
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: email, password }) });
  token = ((await login.json()) as { token: string }).token;

  // A booking whose tour has hotels and an operator: its customer document shows all of them.
  const list = await api<{ results: { id: number }[] }>('GET', '/bookings?page=1&page_size=50');
  for (const { id } of list.results) {
    const candidate = await api<Booking>('GET', `/bookings/${id}`);
    if (!candidate.tour_id) continue;
    const itsTour = await api<Tour>('GET', `/tours/${candidate.tour_id}`);
    if (itsTour.hotels.length && itsTour.operator_id) {
      booking = candidate;
      tour = itsTour;
      break;
    }
  }
  expect(booking, 'a seeded booking on a tour with hotels and an operator').toBeDefined();

  tour = await api<Tour>('PUT', `/tours/${tour.id}`, { version: tour.version, content: HOSTILE, highlights: HOSTILE, excerpt: HOSTILE });
  const documentation = await api<{ version: number }>('GET', `/tours/${tour.id}/documentation`);
  await api('PUT', `/tours/${tour.id}/documentation`, { version: documentation.version, arrival: HOSTILE, luggage: HOSTILE, food: HOSTILE, bike_details: HOSTILE });
  await api('PUT', `/hotels/${tour.hotels[0]}`, { content: HOSTILE });
  if (tour.restaurants.length) await api('PUT', `/restaurants/${tour.restaurants[0]}`, { content: HOSTILE });
  await api('PUT', `/operators/${tour.operator_id}`, { contact: HOSTILE });
  await api('PUT', `/bookings/${booking.id}`, { ...booking, comments: XSS_PAYLOADS.join('\n') });

  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
  recordFigures('xss', { payloads: XSS_PAYLOADS.length, pages: pagesChecked.length, pagesChecked: pagesChecked.join(', '), dialogs: dialogs.length, scriptsRun: 0 });
  await browser?.close();
});

/** What a hostile payload would leave behind in the live page. */
const traces = () =>
  page.evaluate(() => {
    const found: string[] = [];
    const flag = (window as unknown as { __xss?: unknown }).__xss;
    if (flag !== undefined) found.push(`window.__xss = ${String(flag)}`);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`<${element.localName} ${attribute.name}>`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attribute.name) && /^\s*(javascript|data:text\/html|vbscript)/i.test(attribute.value)) found.push(`<${element.localName} ${attribute.name}="${attribute.value.slice(0, 40)}">`);
        if (attribute.name === 'style' && /expression\(|javascript:/i.test(attribute.value)) found.push(`<${element.localName} style>`);
      }
      if (['iframe', 'object', 'embed', 'frame', 'base', 'meta', 'link'].includes(element.localName) && element.closest('body')) found.push(`<${element.localName}> in the body`);
      if (element.localName === 'script' && element.closest('body')) found.push('<script> in the body');
    }
    // zod probes once whether eval is allowed (and copes when it is not): that report is the app's, not a payload's.
    const violations = (window as unknown as { __cspViolations: string[] }).__cspViolations.filter((violation) => violation !== 'script-src: eval');
    found.push(...violations.map((violation) => `CSP violation ${violation}`));
    return found;
  });

async function visit(path: string, ready: string) {
  await page.goto(`${e2eServer().baseUrl}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // Handlers that wait for a pointer or focus: sweep the pointer over the page and tab through it.
  for (let y = 50; y < 900; y += 120) for (let x = 50; x < 1280; x += 240) await page.mouse.move(x, y);
  for (let step = 0; step < 15; step += 1) await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  pagesChecked.push(path);
}

describe('stored XSS payloads never run', () => {
  it('are cleaned by the server before they are stored', async () => {
    const stored = await api<{ content: string; highlights: string }>('GET', `/tours/${tour.id}`);
    for (const html of [stored.content, stored.highlights]) {
      expect(html).toContain('payload 0');
      expect(html).not.toMatch(/<script|<iframe|<object|<embed|\son\w+\s*=|javascript:/i);
    }
  });

  // Label, address, what shows the page is ready, and whether the stored payloads show on it.
  const screens: [string, () => string, string, boolean][] = [
    ['the customer document of the booking', () => `/bookings/${booking.id}/documentation`, 'h1, h2', true],
    ['the booking overview', () => `/bookings/${booking.id}`, 'h1, h2', false],
    ['the booking form', () => `/bookings/edit/${booking.id}`, 'form', false],
    ['the tour form with its rich-text editors', () => `/tours/${tour.id}`, '.ProseMirror', true],
    ['the tour documentation tab', () => `/tours/${tour.id}/documentation`, '.ProseMirror', true],
    ['the hotel form', () => `/hotels/${tour.hotels[0]}`, '.ProseMirror', true],
    ['the operator form', () => `/operators/${tour.operator_id}`, '.ProseMirror, textarea', true],
  ];

  it.each(screens)('on %s', async (_label, path, ready, showsPayloads) => {
    await visit(path(), ready);
    if (showsPayloads) expect(await page.content()).toContain('payload 1');
    expect(await traces()).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
