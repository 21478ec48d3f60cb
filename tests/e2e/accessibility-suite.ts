import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { PartyExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
import { apiToken, e2eServer, launchBrowser, logIn, requestsSettled, trackRequests } from '../helpers/browser.js';
import { arrowToCell, focusedCell, focusedName, pressUntilFocused, pressUntilInGrid, typeOverFocusedCell } from '../helpers/keyboard.js';
import { apiCaller, findPricedSeason, priceCell, type PricedSeason } from '../helpers/pricing-e2e.js';
import { recordFigures } from '../helpers/report-figures.js';

// axe-core in Chromium on the main screens: no serious or critical WCAG 2.1 A/AA violation; and
// the grids and forms used with the keyboard alone. A short sweep in npm test
// (tests/e2e/accessibility.test.ts), every screen in npm run test:stress
// (tests/stress/accessibility-browser.test.ts). The app's CSP forbids inline scripts, so the
// browser context that injects axe bypasses it.
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** A second logged-in context for the keyboard tests, with the app's own CSP. */
let keyboardContext: BrowserContext;
let call: Awaited<ReturnType<typeof apiCaller>>;
let season: PricedSeason;
let bookingId = 0;
const results: { page: string; serious: number; critical: number; moderate: number; minor: number }[] = [];
const keyboard: Record<string, boolean> = {};

const unique = Date.now().toString(36);
const IMAGE_TITLE = `Keyboard lake ${unique}`;
const SUPPLEMENT = `Keyboard picnic ${unique}`;
/**
 * A tour of this file's own, on a copy of a priced demo season, with two bikes and a supplement:
 * the keyboard tests save on it without touching data other tests read.
 */
let own: { tourId: number; seasonId: number };

async function uploadImage(title: string) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'keyboard-lake.png');
  form.append('upload_title', title);
  const { baseUrl } = e2eServer();
  const token = await apiToken();
  const response = await fetch(`${baseUrl}/api/v1/media/`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`Uploading an image answered ${response.status}: ${await response.text()}`);
}

async function createOwnTour() {
  const { markup_model_id, currency_id, model } = season.context;
  const tour = await call<{ id: number; version: number }>('POST', 'tours', { name: `Keyboard tour ${unique}` });
  await call('PUT', `tours/${tour.id}`, {
    version: tour.version,
    content: '<p>Riverside roads and quiet lanes.</p>',
    highlights: '<ul><li><p>Castle ruins</p></li><li><p>River towpaths</p></li></ul>',
    seasons: [{ season_id: season.seasonId, markup_model_id, currency_id, deposit: null, live: false }],
  });
  own = { tourId: tour.id, seasonId: season.seasonId };
  const rate = model!.rates[0].id;
  const bikes = await call<{ id: number }[]>('GET', 'bikes');
  await call('POST', `tour-bikes/${tour.id}/${season.seasonId}`, {
    bikes: bikes.slice(0, 2).map((bike, order) => ({ bike_id: bike.id, order, gross: 120 + order * 40, markup_rate_id: rate })),
  });
  const party = await call<PartyExtrasList>('GET', `tour-extras/${tour.id}/${season.seasonId}/party`);
  await call('POST', `tour-extras/${tour.id}/${season.seasonId}/party`, {
    version: party.tour_season.version,
    name: SUPPLEMENT,
    variations: [{ gross: 60, markup_rate_id: rate }],
  });
  const reductions = await call<ReductionsList>('GET', `tour-reductions/${tour.id}/${season.seasonId}`);
  await call('POST', `tour-reductions/${tour.id}/${season.seasonId}`, { version: reductions.tour_season.version, order: 1, output_quantity: 1 });
}

async function axeViolations(): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const report = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return report.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 5).map((node) => ({ target: node.target })) }));
  }, WCAG_TAGS);
}

const describeViolations = (violations: Violation[]) =>
  violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

async function audit(name: string, path: string, ready: string) {
  await page.goto(`${e2eServer().baseUrl}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await requestsSettled(page);
  return auditAsShown(name);
}

/** axe on the page as it is now (a modal open, a row chosen...). */
async function auditAsShown(name: string) {
  const violations = await axeViolations();
  const count = (impact: string) => violations.filter((violation) => violation.impact === impact).length;
  results.push({ page: name, serious: count('serious'), critical: count('critical'), moderate: count('moderate'), minor: count('minor') });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A fresh logged-in page of the keyboard context; closed afterwards without any unload prompt. */
async function withKeyboardPage(test: (kb: Page) => Promise<void>) {
  const kb = await keyboardContext.newPage();
  try {
    await test(kb);
  } finally {
    await kb.close();
  }
}

const at = (kb: Page, path: string) => kb.goto(`${e2eServer().baseUrl}${path}`);

/** A demo booking far down the list (away from the first page other tests use) with a party that has bikes to choose from. */
async function bookingWithBikes(): Promise<Booking> {
  const list = await call<{ results: { id: number }[] }>('GET', 'bookings?page=4&page_size=50');
  for (const { id } of list.results) {
    const candidate = await call<Booking>('GET', `bookings/${id}`);
    if (candidate.party.length && candidate.tour_bikes.length >= 2) return candidate;
  }
  throw new Error('No demo booking on page 4 has a party with bikes to choose from');
}

/**
 * Which tests a run has: in npm test the axe audits of the login page, the bookings list and the
 * pricing tab, and the keyboard on the price grid; in npm run test:stress every screen and every
 * keyboard test.
 */
export type AccessibilitySweep = 'short' | 'full';

/** The accessibility browser tests on the server the browser helpers use (e2eServer). */
export function describeAccessibility(sweep: AccessibilitySweep) {
  /** A test of the full sweep only: registered by npm run test:stress, absent from npm test. */
  const whenFull = (name: string, body: () => Promise<void>) => {
    if (sweep === 'full') it(name, body);
  };

  beforeAll(async () => {
    call = await apiCaller();
    season = await findPricedSeason(call, 1);
    bookingId = (await call<{ results: { id: number }[] }>('GET', 'bookings?page=1&page_size=1')).results[0].id;
    // Only the full sweep's tests use the image and the tour of this file's own.
    if (sweep === 'full') {
      await uploadImage(IMAGE_TITLE);
      await createOwnTour();
    }
    browser = await launchBrowser();
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    trackRequests(page);
    keyboardContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const loginPage = await keyboardContext.newPage();
    await logIn(loginPage);
    await loginPage.close();
  }, 300_000);

  afterAll(async () => {
    const count = (impact: 'serious' | 'critical') => results.reduce((total, result) => total + result[impact], 0);
    recordFigures('accessibility', {
      standard: 'WCAG 2.1 A and AA (axe-core)',
      pagesAudited: results.length,
      seriousOrCritical: count('serious') + count('critical'),
      keyboardChecksPassed: Object.values(keyboard).filter(Boolean).length,
      pages: results,
      keyboard,
    });
    await browser?.close();
  });

  describe('axe-core finds no serious or critical violation', () => {
    it('on the login page', async () => {
      expect(describeViolations(await audit('login', '/login', 'form'))).toEqual([]);
    });

    it('on the bookings list', async () => {
      await logIn(page);
      expect(describeViolations(await audit('bookings list', '/bookings', 'table tbody tr'))).toEqual([]);
    });

    whenFull('on the tour form', async () => {
      expect(describeViolations(await audit('tour form', `/tours/${season.tourId}`, '.ProseMirror'))).toEqual([]);
    });

    it('on the pricing tab', async () => {
      const pricing = `/tours/${season.tourId}/pricing?season=${season.seasonId}`;
      expect(describeViolations(await audit('pricing tab', pricing, '.price-grid .ag-cell[col-id="gross"]'))).toEqual([]);
    });

    whenFull('on the booking documentation page', async () => {
      expect(describeViolations(await audit('booking documentation', `/bookings/${bookingId}/documentation`, 'h1'))).toEqual([]);
    });

    whenFull('on the booking edit form', async () => {
      expect(describeViolations(await audit('booking edit form', `/bookings/edit/${bookingId}`, 'fieldset.member-fieldset'))).toEqual([]);
    });

    whenFull('on the bikes tab', async () => {
      expect(describeViolations(await audit('bikes tab', `/tours/${own.tourId}/bikes?season=${own.seasonId}`, '.ag-cell[col-id="gross"]'))).toEqual([]);
    });

    whenFull('on the supplements tab', async () => {
      expect(
        describeViolations(await audit('supplements tab', `/tours/${own.tourId}/party-extras?season=${own.seasonId}`, '.ag-cell[col-id="gross"]')),
      ).toEqual([]);
    });

    whenFull('on the reductions tab', async () => {
      expect(describeViolations(await audit('reductions tab', `/tours/${own.tourId}/reductions?season=${own.seasonId}`, '.ag-cell[col-id="percent"]'))).toEqual(
        [],
      );
    });

    whenFull('on the bulk pricing page with a tour’s prices open', async () => {
      expect(describeViolations(await audit('bulk pricing', `/pgt?season=${season.seasonId}&tour_id=${season.tourId}`, '.ag-cell'))).toEqual([]);
    });

    whenFull('on the media library with an image chosen', async () => {
      await page.goto(`${e2eServer().baseUrl}/tours/${own.tourId}`);
      const field = page.getByRole('group', { name: 'Overview image' });
      await field.getByRole('button', { name: 'Choose image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose overview image' });
      await dialog.getByRole('button', { name: IMAGE_TITLE }).click();
      await dialog.getByRole('button', { name: 'Add image' }).waitFor();
      await requestsSettled(page);
      expect(describeViolations(await auditAsShown('media library'))).toEqual([]);
    });
  });

  describe('keyboard alone', () => {
    it('reaches the price grid, moves with the arrows, edits with Enter and typing, commits with Tab and cancels with Escape', async () => {
      await withKeyboardPage(async (kb) => {
        await at(kb, `/tours/${season.tourId}/pricing?season=${season.seasonId}`);
        await priceCell(kb, 0, 'gross').waitFor();
        // Tab from the top of the page until focus is in the grid.
        await kb.locator('body').focus();
        await pressUntilInGrid(kb);

        // Arrows to price row 1 (grid row 2: row 0 is the group's header), gross column.
        await arrowToCell(kb, 2, 'gross');
        expect(await focusedCell(kb)).toEqual({ row: 2, col: 'gross' });

        // Enter edits, typing replaces, Tab commits and moves on.
        await typeOverFocusedCell(kb, '812');
        await kb.keyboard.press('Tab');
        await expect.poll(() => priceCell(kb, 1, 'gross').textContent()).toContain('812');
        expect((await focusedCell(kb))!.col).not.toBe('gross');

        // Back, edit again, Escape: the value stays what it was.
        await kb.keyboard.press('Shift+Tab');
        expect(await focusedCell(kb)).toEqual({ row: 2, col: 'gross' });
        await typeOverFocusedCell(kb, '999');
        await kb.keyboard.press('Escape');
        await expect.poll(() => priceCell(kb, 1, 'gross').textContent()).toContain('812');
        expect(await priceCell(kb, 1, 'gross').textContent()).not.toContain('999');
      });
      keyboard.priceGrid = true;
    });

    whenFull('fills and submits the login form with Tab, typing and Enter', async () => {
      const fresh = await browser.newContext();
      const loginPage = await fresh.newPage();
      try {
        const { baseUrl, email, password } = e2eServer();
        await loginPage.goto(`${baseUrl}/login`);
        await loginPage.getByLabel('E-mail address').waitFor();
        await pressUntilFocused(loginPage, /^input E-mail address$/, 'Tab', 20);
        await loginPage.keyboard.type(email);
        await loginPage.keyboard.press('Tab');
        expect(await focusedName(loginPage)).toBe('input Password');
        await loginPage.keyboard.type(password);
        await loginPage.keyboard.press('Enter');
        await loginPage.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
        keyboard.loginForm = true;
      } finally {
        await fresh.close();
      }
    });

    whenFull('searches the bookings list, pages it forwards and back without losing the focus, and opens a booking', async () => {
      const booking = await bookingWithBikes();
      await withKeyboardPage(async (kb) => {
        await at(kb, '/bookings');
        const rows = kb.locator('table.booking-table tbody tr');
        await rows.first().waitFor();
        const count = () => kb.locator('.row-count').textContent();
        expect(await focusedName(kb)).toBe('input Search');

        // The pager is after the rows: Shift+Tab from the search box goes round to it.
        await pressUntilFocused(kb, /^button Next$/, 'Shift+Tab', 20);
        await kb.keyboard.press('Enter');
        await expect.poll(count).toMatch(/^51-100 of /);
        expect(await focusedName(kb)).toBe('button Next');
        await pressUntilFocused(kb, /^button Previous$/, 'Shift+Tab', 2);
        await kb.keyboard.press('Enter');
        await expect.poll(count).toMatch(/^1-50 of /);
        // Previous is disabled on the first page: the focus moved to Next rather than to nothing.
        expect(await focusedName(kb)).toBe('button Next');

        await pressUntilFocused(kb, /^input Search$/);
        await kb.keyboard.type(booking.booking_reference);
        await expect.poll(() => rows.count()).toBe(1);
        await pressUntilFocused(kb, new RegExp(`^a Edit ${booking.booking_reference}$`), 'Tab', 20);
        await kb.keyboard.press('Enter');
        await kb.waitForURL(`**/bookings/edit/${booking.id}`);
        await kb.locator('fieldset.member-fieldset').first().waitFor();
        expect(await focusedName(kb)).toBe('input Booking reference');
      });
      keyboard.bookingsList = true;
    });

    whenFull('changes a traveller’s date of birth and bike on the booking form with the arrows and typing, and saves with Space', async () => {
      const booking = await bookingWithBikes();
      const traveller = booking.party[0];
      const name = [traveller.first_name, traveller.last_name].filter(Boolean).join(' ') || 'Traveller 1';
      let chosen = { day: '', month: '', year: '', bike: '' };
      await withKeyboardPage(async (kb) => {
        await at(kb, `/bookings/edit/${booking.id}`);
        await kb.locator('fieldset.member-fieldset').first().waitFor();
        const value = () => kb.evaluate(() => (document.activeElement as HTMLSelectElement).value);
        /** One arrow press towards the middle of the options, so the choice is never the empty first one. */
        const step = async () => {
          const before = await value();
          const upper = await kb.evaluate(() => {
            const select = document.activeElement as HTMLSelectElement;
            return select.selectedIndex > select.options.length / 2;
          });
          await kb.keyboard.press(upper ? 'ArrowUp' : 'ArrowDown');
          expect(await value()).not.toBe(before);
          return value();
        };

        await pressUntilFocused(kb, new RegExp(`^select Date of birth of ${name} day$`));
        // Typing picks an option by its text, as in any select: a day every month has.
        await kb.keyboard.type(traveller.date_of_birth?.endsWith('-12') ? '13' : '12');
        const day = await value();
        await kb.keyboard.press('Tab');
        expect(await focusedName(kb)).toBe(`select Date of birth of ${name} month`);
        const month = await step();
        await kb.keyboard.press('Tab');
        expect(await focusedName(kb)).toBe(`select Date of birth of ${name} year`);
        await kb.keyboard.type(traveller.date_of_birth?.startsWith('1984') ? '1979' : '1984');
        const year = await value();
        await kb.keyboard.press('Tab');
        expect(await focusedName(kb)).toBe(`select Bike of ${name}`);
        const bike = await step();
        chosen = { day, month, year, bike };

        await pressUntilFocused(kb, /^button Save$/);
        await kb.keyboard.press('Space');
        await kb.waitForURL(`**/bookings/${booking.id}`);
      });
      const saved = await call<Booking>('GET', `bookings/${booking.id}`);
      const pad = (part: string) => part.padStart(2, '0');
      expect(saved.party[0].date_of_birth).toBe(`${chosen.year}-${pad(chosen.month)}-${pad(chosen.day)}`);
      expect(saved.party[0].tour_bike_id).toBe(Number(chosen.bike));
      keyboard.bookingForm = true;
    });

    whenFull(
      'walks the tour form with Tab and back with Shift+Tab without changing it, types in ' +
        'a rich-text editor, and picks an image in the library and closes it with Escape',
      async () => {
        await withKeyboardPage(async (kb) => {
          await at(kb, `/tours/${own.tourId}`);
          await kb.locator('.ProseMirror').first().waitFor();
          expect(await focusedName(kb)).toBe('input Name');
          const editor = (label: string) => kb.getByRole('textbox', { name: label, exact: true });

          // Through every field and both editors (the highlights are a list) and back to the tabs:
          // the form is still unchanged, so the Details tab opens without asking to leave.
          await pressUntilFocused(kb, /^div Highlights$/);
          await pressUntilFocused(kb, /^button Choose image$/);
          expect(await editor('Highlights').locator('li li').count()).toBe(0);
          await pressUntilFocused(kb, /^a Details$/, 'Shift+Tab');
          expect(await editor('Highlights').locator('li li').count()).toBe(0);
          await kb.keyboard.press('Enter');
          await expect.poll(() => new URL(kb.url()).pathname, { timeout: 10_000 }).toBe(`/tours/${own.tourId}/details`);
          expect(await kb.getByRole('dialog').count()).toBe(0);

          await at(kb, `/tours/${own.tourId}`);
          await kb.locator('.ProseMirror').first().waitFor();
          await pressUntilFocused(kb, /^div Content$/);
          await kb.keyboard.press('Control+End');
          await kb.keyboard.type(' Typed from the keyboard.');
          await expect.poll(() => editor('Content').textContent()).toContain('Typed from the keyboard.');

          // The overview image: the library opens with Enter, an image is chosen and added by keyboard.
          const field = kb.getByRole('group', { name: 'Overview image' });
          await pressUntilFocused(kb, /^button Choose image$/);
          await kb.keyboard.press('Enter');
          const dialog = kb.getByRole('dialog', { name: 'Choose overview image' });
          await dialog.waitFor();
          expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
          await pressUntilFocused(kb, new RegExp(`^button ${IMAGE_TITLE}$`));
          await kb.keyboard.press('Enter');
          await pressUntilFocused(kb, /^button Add image$/);
          await kb.keyboard.press('Enter');
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => field.textContent()).toContain(IMAGE_TITLE);
          expect(await focusedName(kb)).toBe('button Change image');

          // Opened again and closed with Escape: the focus is back on the button that opened it.
          await kb.keyboard.press('Enter');
          await dialog.waitFor();
          await kb.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          expect(await focusedName(kb)).toBe('button Change image');

          // A new gallery opens the library by itself; Escape closes it onto the gallery's Add images.
          await pressUntilFocused(kb, /^button Create gallery$/);
          await kb.keyboard.press('Enter');
          const library = kb.getByRole('dialog', { name: /^Add images to gallery \d+$/ });
          await library.waitFor();
          await kb.keyboard.press('Escape');
          await library.waitFor({ state: 'detached' });
          expect(await focusedName(kb)).toBe('button Add images');
        });
        keyboard.tourForm = true;
      },
    );

    /** Shift+Tab from the grid back to the toolbar's Save, then its three presses (Enter, Space, Enter). */
    async function saveWithKeyboard(kb: Page, rows: number) {
      await pressUntilFocused(kb, new RegExp(`^button Save ${rows} rows?$`), 'Shift+Tab');
      await kb.keyboard.press('Enter');
      expect(await focusedName(kb)).toBe('button Are you sure?');
      await kb.keyboard.press('Space');
      await kb.keyboard.press('Enter');
      await expect.poll(() => focusedName(kb)).toBe('button Save');
    }

    whenFull('edits a bike’s gross in the bikes grid with the arrows, Enter and typing, cancels with Escape and saves from the keyboard', async () => {
      const gross = 200 + Math.floor(Math.random() * 500);
      await withKeyboardPage(async (kb) => {
        await at(kb, `/tours/${own.tourId}/bikes?season=${own.seasonId}`);
        const cell = kb.locator('.ag-row[row-index="0"] .ag-cell[col-id="gross"]');
        await cell.waitFor();
        await kb.locator('body').focus();
        await pressUntilInGrid(kb);
        await arrowToCell(kb, 0, 'gross');

        await typeOverFocusedCell(kb, String(gross));
        await kb.keyboard.press('Enter');
        await expect.poll(() => cell.textContent()).toContain(String(gross));

        await arrowToCell(kb, 0, 'gross');
        await kb.keyboard.press('Enter');
        await kb.keyboard.type('1');
        await kb.keyboard.press('Escape');
        expect(await focusedCell(kb)).toEqual({ row: 0, col: 'gross' });
        await expect.poll(() => cell.textContent()).toContain(String(gross));

        await saveWithKeyboard(kb, 1);
      });
      const saved = await call<{ bikes: TourBike[] }>('GET', `tour-bikes/${own.tourId}/${own.seasonId}`);
      expect(saved.bikes.map((bike) => Number(bike.gross))).toContain(gross);
      keyboard.bikesGrid = true;
    });

    whenFull('adds a supplement variation with Enter, prices it in its grid from the keyboard and saves', async () => {
      const gross = 20 + Math.floor(Math.random() * 80);
      await withKeyboardPage(async (kb) => {
        await at(kb, `/tours/${own.tourId}/party-extras?season=${own.seasonId}`);
        const card = kb.getByRole('region', { name: new RegExp(`^Supplement \\d+: ${SUPPLEMENT}$`) });
        await card.locator('.ag-cell[col-id="gross"]').first().waitFor();
        const rows = () => card.locator('.ag-cell[col-id="gross"]').count();
        const before = await rows();

        await pressUntilFocused(kb, /^button Add variation$/);
        await kb.keyboard.press('Enter');
        await expect.poll(rows).toBe(before + 1);
        await pressUntilInGrid(kb);
        await arrowToCell(kb, before, 'gross');
        await typeOverFocusedCell(kb, String(gross));
        await kb.keyboard.press('Enter');
        await expect.poll(() => card.locator(`.ag-row[row-index="${before}"] .ag-cell[col-id="gross"]`).textContent()).toContain(String(gross));

        await saveWithKeyboard(kb, 1);
      });
      const saved = await call<PartyExtrasList>('GET', `tour-extras/${own.tourId}/${own.seasonId}/party`);
      const supplement = saved.extras.find((extra) => extra.name === SUPPLEMENT)!;
      expect(supplement.variations.map((variation) => Number(variation.gross))).toContain(gross);
      keyboard.supplementsGrid = true;
    });
  });
}
