import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { apiCaller, findPricedSeason, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';

/** Where the screenshots go to be looked at; .tmp is not committed. */
const SCREENSHOTS = '.tmp/screenshots';

/** The layout of the seasonal grids: each tab in one window size in npm test, in the other in test:stress. */
export function describePricingLayout(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('pricing layout', () => {
    let browser: Browser;
    let season: PricedSeason;

    // Enough rows that a grid showing fewer than the issue asks for can only be the layout's fault,
    // in groups of five as the demo tours' seasons hold them: each group's header row takes room too.
    const PRICE_ROWS = 40;
    const PRICE_GROUPS = 8;
    const BIKE_ROWS = 30;

    beforeAll(async () => {
      // Scroll bars as staff see them: a column under the grid's scroll bar is a clipped column.
      browser = await launchBrowser({ scrollBars: true });
      const call = await apiCaller();
      season = await findPricedSeason(call, 1);
      await resetGroups(call, season, PRICE_GROUPS, PRICE_ROWS / PRICE_GROUPS);
      const current = await call<{ tour_season: { version: number }; bikes: TourBike[] }>('GET', `tour-bikes/${season.tourId}/${season.seasonId}`);
      const [bike] = await call<{ id: number }[]>('GET', 'bikes');
      const rate = season.context.model!.rates[0].id;
      await call('PUT', `tour-bikes/${season.tourId}/${season.seasonId}`, {
        version: current.tour_season.version,
        removed_ids: current.bikes.map((stored) => stored.id),
        bikes: Array.from({ length: BIKE_ROWS }, (_, i) => ({
          bike_id: bike.id,
          order: i,
          gross: 100 + i,
          non_com: 0,
          adjustment: 0,
          markup_rate_id: rate,
          formula: null,
        })),
      });
      mkdirSync(SCREENSHOTS, { recursive: true });
    });
    afterAll(() => browser.close());

    /** Replaces the season's prices with `groups` groups of `size` prices each. */
    async function resetGroups(call: Caller, where: PricedSeason, groups: number, size: number) {
      const current = await call<SeasonPricing>('GET', `tour-pricing/${where.tourId}/${where.seasonId}`);
      const rate = where.context.model!.rates[0].id;
      await call('PUT', `tour-pricing/${where.tourId}/${where.seasonId}`, {
        version: current.tour_season.version,
        removed_category_ids: current.categories.map((category) => category.id),
        categories: Array.from({ length: groups }, (_, group) => ({
          start: `2026-${String(group + 2).padStart(2, '0')}-01`,
          end: `2026-${String(group + 2).padStart(2, '0')}-28`,
          nights: 7,
          prices: Array.from({ length: size }, (_, row) => ({
            gross: 1000 + group * size + row,
            non_com: 0,
            adjustment: 0,
            markup_rate_id: rate,
            formula: null,
          })),
        })),
      });
    }

    /**
     * What the window shows of the grid: the price rows wholly in view (group headers are not price
     * rows), whether the page and the grid scroll, and the columns that reach under the grid's
     * vertical scroll bar (AG Grid draws it over the right edge of its viewport) or past the grid.
     */
    const measure = (page: Page) =>
      page.evaluate(() => {
        const viewport = document.querySelector('.price-grid .ag-grid-viewport')!;
        const view = viewport.getBoundingClientRect();
        const top = document.querySelector('.price-grid .ag-header')!.getBoundingClientRect().bottom;
        const rows = [...document.querySelectorAll('.price-grid .ag-grid-scrolling-container .ag-row:not(.ag-full-width-row)')].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.height > 0 && box.top >= top - 1 && box.bottom <= Math.min(view.bottom, window.innerHeight) + 1;
        });
        const scrollBar = document.querySelector('.price-grid .ag-body-vertical-scroll')!;
        const bar = scrollBar.getBoundingClientRect();
        const visibleRight = scrollBar.classList.contains('ag-hidden') || bar.width === 0 ? view.left + viewport.clientWidth : bar.left;
        const headers = [...document.querySelectorAll('.price-grid .ag-header-cell')];
        const scroller = document.scrollingElement!;
        return {
          visibleRows: rows.length,
          pageScrolls: scroller.scrollHeight > window.innerHeight || scroller.scrollWidth > window.innerWidth,
          gridScrolls: viewport.scrollHeight > viewport.clientHeight,
          sidewaysScroll: viewport.scrollWidth > viewport.clientWidth + 1,
          cutColumns: headers.filter((cell) => cell.getBoundingClientRect().right > visibleRight + 1).map((cell) => cell.getAttribute('col-id')),
        };
      });

    for (const { width, height, minimumRows } of [
      { width: 1440, height: 900, minimumRows: 20 },
      { width: 1024, height: 768, minimumRows: 14 },
    ]) {
      describe(`in a ${width} by ${height} window`, () => {
        for (const tab of ['pricing', 'bikes']) {
          // npm test: the pricing grid in the large window, the bikes grid in the small one.
          const sweepCase = (tab === 'pricing') === (width === 1440) ? once : repeat;
          sweepCase(`the ${tab} grid fills the window below the header and scrolls on its own, at least ${minimumRows} rows in view`, async () => {
            const page = await browser.newPage({ viewport: { width, height } });
            await logIn(page);
            await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/${tab}?season=${season.seasonId}`);
            await page.locator('.price-grid .ag-header-cell[col-id="profit"]').waitFor();
            await page.locator('.price-grid .ag-row .ag-cell[col-id="gross"]').first().waitFor();
            await page.screenshot({ path: `${SCREENSHOTS}/${tab}-${width}x${height}.png` });
            await expect
              .poll(() => measure(page))
              .toEqual({ visibleRows: expect.any(Number) as number, pageScrolls: false, gridScrolls: true, sidewaysScroll: false, cutColumns: [] });
            const { visibleRows } = await measure(page);
            expect(visibleRows).toBeGreaterThanOrEqual(minimumRows);
            await page.close();
          });
        }
      });
    }

    onceGroup('a seasonal tab opened without a season', () => {
      once('opens on the tour’s live season (the latest live one), named in the URL', async () => {
        const call = await apiCaller();
        const tours = await call<{ id: number; seasons: { season_id: number; live: boolean }[] }[]>('GET', 'tours/all');
        const tour = tours.find((candidate) => candidate.seasons.some((tourSeason) => tourSeason.live))!;
        const live = tour.seasons.filter((tourSeason) => tourSeason.live).at(-1)!.season_id;
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await logIn(page);
        for (const tab of ['pricing', 'bikes', 'party-extras']) {
          await page.goto(`${e2eServer().baseUrl}/tours/${tour.id}/${tab}`);
          await page.waitForURL((url) => url.searchParams.has('season'));
          expect([tab, new URL(page.url()).searchParams.get('season')]).toEqual([tab, String(live)]);
          expect(await page.getByLabel('Pick a season').inputValue()).toBe(String(live));
        }
        await page.close();
      });
    });
  });
}
