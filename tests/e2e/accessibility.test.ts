import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { apiCaller, findPricedSeason, priceCell, type PricedSeason } from '../helpers/pricing-e2e.js';
import { recordFigures } from '../helpers/report-figures.js';

// axe-core in Chromium on the main screens: no serious or critical WCAG 2.1 A/AA violation. The
// app's CSP forbids inline scripts, so the browser context that injects axe bypasses it.
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let season: PricedSeason;
let bookingId = 0;
const results: { page: string; serious: number; critical: number; moderate: number; minor: number }[] = [];
const keyboard: Record<string, boolean> = {};

beforeAll(async () => {
  const call = await apiCaller();
  season = await findPricedSeason(call, 1);
  bookingId = (await call<{ results: { id: number }[] }>('GET', 'bookings?page=1&page_size=1')).results[0].id;
  browser = await launchBrowser();
  context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  recordFigures('accessibility', { standard: 'WCAG 2.1 A and AA (axe-core)', pages: results, keyboard });
  await browser?.close();
});

async function axeViolations(): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const report = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return report.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 5).map((node) => ({ target: node.target })) }));
  }, WCAG_TAGS);
}

const describeViolations = (violations: Violation[]) => violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

async function audit(name: string, path: string, ready: string) {
  await page.goto(`${e2eServer().baseUrl}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations();
  const count = (impact: string) => violations.filter((violation) => violation.impact === impact).length;
  results.push({ page: name, serious: count('serious'), critical: count('critical'), moderate: count('moderate'), minor: count('minor') });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

describe('axe-core finds no serious or critical violation', () => {
  it('on the login page', async () => {
    expect(describeViolations(await audit('login', '/login', 'form'))).toEqual([]);
  });

  it('on the bookings list', async () => {
    await logIn(page);
    expect(describeViolations(await audit('bookings list', '/bookings', 'table tbody tr'))).toEqual([]);
  });

  it('on the tour form', async () => {
    expect(describeViolations(await audit('tour form', `/tours/${season.tourId}`, '.ProseMirror'))).toEqual([]);
  });

  it('on the pricing tab', async () => {
    const pricing = `/tours/${season.tourId}/pricing?season=${season.seasonId}`;
    expect(describeViolations(await audit('pricing tab', pricing, '.price-grid .ag-cell[col-id="gross"]'))).toEqual([]);
  });

  it('on the booking documentation page', async () => {
    expect(describeViolations(await audit('booking documentation', `/bookings/${bookingId}/documentation`, 'h1'))).toEqual([]);
  });
});

/** Where keyboard focus is: the grid cell's row and column, or the focused element's label. */
const focusedCell = () =>
  page.evaluate(() => {
    const cell = document.activeElement?.closest('.ag-cell');
    const row = cell?.closest('.ag-row');
    return cell ? { row: Number(row?.getAttribute('row-index')), col: cell.getAttribute('col-id') ?? '' } : null;
  });

describe('keyboard alone', () => {
  it('reaches the price grid, moves with the arrows, edits with Enter and typing, commits with Tab and cancels with Escape', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 0, 'gross').waitFor();
    // Tab from the top of the page until focus is in the grid.
    await page.locator('body').focus();
    let presses = 0;
    while (!(await focusedCell()) && presses < 250) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await focusedCell(), 'Tab reaches a grid cell').not.toBeNull();

    // Arrows to price row 1 (grid row 2: row 0 is the group's header), gross column.
    for (let step = 0; step < 40 && (await focusedCell())!.row < 2; step += 1) await page.keyboard.press('ArrowDown');
    for (let step = 0; step < 40 && (await focusedCell())!.row > 2; step += 1) await page.keyboard.press('ArrowUp');
    const columns = await page.locator('.price-grid .ag-header-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('col-id')));
    const target = columns.indexOf('gross');
    for (let step = 0; step < 40 && columns.indexOf((await focusedCell())!.col) < target; step += 1) await page.keyboard.press('ArrowRight');
    for (let step = 0; step < 40 && columns.indexOf((await focusedCell())!.col) > target; step += 1) await page.keyboard.press('ArrowLeft');
    expect(await focusedCell()).toEqual({ row: 2, col: 'gross' });

    // Enter edits, typing replaces, Tab commits and moves on.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('812');
    await page.keyboard.press('Tab');
    await expect.poll(() => priceCell(page, 1, 'gross').textContent()).toContain('812');
    expect((await focusedCell())!.col).not.toBe('gross');

    // Back, edit again, Escape: the value stays what it was.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedCell()).toEqual({ row: 2, col: 'gross' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('999');
    await page.keyboard.press('Escape');
    await expect.poll(() => priceCell(page, 1, 'gross').textContent()).toContain('812');
    expect(await priceCell(page, 1, 'gross').textContent()).not.toContain('999');
    keyboard.priceGrid = true;
  });

  it('fills and submits the login form with Tab, typing and Enter', async () => {
    const fresh = await browser.newContext();
    const loginPage = await fresh.newPage();
    try {
      const { baseUrl, email, password } = e2eServer();
      await loginPage.goto(`${baseUrl}/login`);
      await loginPage.getByLabel('E-mail address').waitFor();
      const focusedLabel = () => loginPage.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? document.activeElement?.tagName);
      let presses = 0;
      while ((await focusedLabel()) !== 'E-mail address' && presses < 20) {
        await loginPage.keyboard.press('Tab');
        presses += 1;
      }
      expect(await focusedLabel()).toBe('E-mail address');
      await loginPage.keyboard.type(email);
      await loginPage.keyboard.press('Tab');
      expect(await focusedLabel()).toBe('Password');
      await loginPage.keyboard.type(password);
      await loginPage.keyboard.press('Enter');
      await loginPage.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
      keyboard.loginForm = true;
    } finally {
      await fresh.close();
    }
  });
});
