import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { formatMoney } from '../../src/grid/format-money.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { focusedCell } from '../helpers/keyboard.js';
import { apiCaller, findPricedSeason, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Awaited<ReturnType<typeof apiCaller>>;

beforeAll(async () => {
  browser = await launchBrowser();
  call = await apiCaller();
  // Another season than pricing.test.ts uses, so the two files never share rows.
  season = await findPricedSeason(call, 1);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page);
});
afterAll(() => browser.close());

/** Replaces the season's prices with one group per list of grosses, all on the first rate. */
async function resetGroups(groups: readonly (readonly number[])[]): Promise<SeasonPricing> {
  const current = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
  const rate = season.context.model!.rates[0].id;
  return call<SeasonPricing>('PUT', `tour-pricing/${season.tourId}/${season.seasonId}`, {
    version: current.tour_season.version,
    removed_category_ids: current.categories.map((category) => category.id),
    categories: groups.map((grosses, index) => ({
      start: `2026-0${5 + index}-01`,
      end: `2026-0${5 + index}-28`,
      nights: 7,
      prices: grosses.map((gross) => ({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate, formula: null })),
    })),
  });
}

/** A cell by its displayed row: group header rows count (row 0 is the first group's header). */
const displayedCell = (row: number, colId: string) => page.locator(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
const displayedText = async (row: number, colId: string) => (await displayedCell(row, colId).textContent())?.trim() ?? '';
const local = (value: number) => formatMoney(value, season.context.currency!.symbol);
const pricingUrl = () => `${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`;

// Two groups of four prices: displayed rows 0 (header), 1-4 (prices 0-3), 5 (header), 6-9 (prices 4-7).
const GROUPS = [
  [100, 200, 300, 400],
  [500, 600, 700, 800],
] as const;

describe('typing down a column', () => {
  it('carries on across a group header: six values typed from the last-but-two row of group 1 land in six price rows', async () => {
    await resetGroups(GROUPS);
    await page.goto(pricingUrl());
    await displayedCell(1, 'gross').waitFor();
    // Price row 1 is the last-but-two row of group 1.
    await displayedCell(2, 'gross').click();
    await page.keyboard.type('901\n902\n903\n904\n905\n906\n');
    const grossAt = (rows: number[]) => Promise.all(rows.map((row) => displayedText(row, 'gross')));
    await expect.poll(() => grossAt([2, 3, 4, 6, 7, 8])).toEqual([901, 902, 903, 904, 905, 906].map(local));
    expect(await grossAt([1, 9])).toEqual([local(100), local(800)]);
    // The cursor went on to the next price row, not to a header.
    expect(await focusedCell(page)).toEqual({ row: 9, col: 'gross' });
  });

  it('goes up across a header with Shift+Enter and with the arrows', async () => {
    await resetGroups(GROUPS);
    await page.goto(pricingUrl());
    await displayedCell(6, 'gross').click();
    await page.keyboard.type('555');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => displayedText(6, 'gross')).toBe(local(555));
    expect(await focusedCell(page)).toEqual({ row: 4, col: 'gross' });
    await page.keyboard.press('ArrowDown');
    expect(await focusedCell(page)).toEqual({ row: 6, col: 'gross' });
    await page.keyboard.press('ArrowUp');
    expect(await focusedCell(page)).toEqual({ row: 4, col: 'gross' });
  });
});
