// Measures the pricing tab in Chromium against a server started as `npm start` starts it:
// - time to interactive: from navigation to the first price row's cost drawn (3 loads, median);
// - keystroke to recomputed cost: typing into a gross cell that a `[n]+k` formula row depends on,
//   from the keydown to the dependent row's cost cell changing in the DOM (median of 41 keys).
// On the large demo data: its largest season, a synthetic 2,000-row season (100 groups of 20
// prices, every fifth row a formula on the row before) and a 20-row one; when quick, on the demo
// data with a 200-row synthetic season, 5 keys and 2 loads. Time to interactive is
// measured with the page's API reads from the database (the first opening after a save) and
// compared with the same load answered from the server's read cache.

import { chromium, type Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { benchData, benchDataName, type BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';
import { benchApiCaller, median, startBenchServer, type ApiCaller } from './bench-server';
import { chromiumPath } from '../helpers/chromium-path';

export type Season = { tourId: number; seasonId: number; rateId: number };

type Caller = ApiCaller;

export async function pricedSeasons(call: Caller, count: number): Promise<Season[]> {
  const tours = await call<{ id: number; seasons: { season_id: number; markup_model_id: number | null }[] }[]>('GET', 'tours/all');
  const found: Season[] = [];
  for (const tour of tours) {
    for (const season of tour.seasons) {
      if (found.length === count) return found;
      const pricing = await call<SeasonPricing>('GET', `tour-pricing/${tour.id}/${season.season_id}`);
      const rate = pricing.tour_season.model?.rates[0];
      if (rate && pricing.tour_season.currency?.rate) found.push({ tourId: tour.id, seasonId: season.season_id, rateId: rate.id });
    }
  }
  if (found.length < count) throw new Error('Not enough priced seasons in the demo data');
  return found;
}

/** Replaces a season's prices with `groups` groups of `perGroup` prices; every fifth row is `[n-1]+25`. */
export async function writeSeason(call: Caller, season: Season, groups: number, perGroup: number) {
  const current = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
  let row = 0;
  const categories = Array.from({ length: groups }, (_, g) => ({
    start: `2026-${String(4 + (g % 6)).padStart(2, '0')}-01`,
    end: `2026-${String(4 + (g % 6)).padStart(2, '0')}-28`,
    nights: 7,
    prices: Array.from({ length: perGroup }, () => {
      const index = row++;
      const formula = index % 5 === 1 ? `[${index - 1}]+25` : null;
      return { gross: 400 + (index % 50) * 10, non_com: index % 3 === 0 ? 40 : 0, adjustment: 0, markup_rate_id: season.rateId, formula };
    }),
  }));
  await call('PUT', `tour-pricing/${season.tourId}/${season.seasonId}`, {
    version: current.tour_season.version,
    removed_category_ids: current.categories.map((c) => c.id),
    categories,
  });
}

const COST_SELECTOR = '.price-grid .ag-row .ag-cell[col-id="cost"]';

async function timeToInteractive(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator(COST_SELECTOR).first().waitFor();
  // The grid is interactive once its first frame after drawing the rows has run.
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
}

/** Median ms from a keydown in row 0's gross editor to row 1's cost (row 1 is `[0]+25`) changing. */
async function keystrokeToCost(page: Page, keys: number): Promise<number> {
  const gross = page.locator('.price-grid .ag-row[row-index="1"] .ag-cell[col-id="gross"]');
  await gross.click();
  await page.keyboard.press('Enter');
  await page.locator('.price-cell-input').waitFor();
  await page.evaluate(() => {
    const cell = document.querySelector('.price-grid .ag-row[row-index="2"] .ag-cell[col-id="cost"]');
    const timings: number[] = [];
    let pressed = 0;
    document.addEventListener('keydown', () => (pressed = performance.now()), { capture: true });
    new MutationObserver(() => {
      if (pressed) timings.push(performance.now() - pressed);
      pressed = 0;
    }).observe(cell!, { subtree: true, characterData: true, childList: true });
    (window as unknown as { keyTimings: number[] }).keyTimings = timings;
  });
  await page.keyboard.press('Control+A');
  for (let i = 0; i < keys; i += 1) {
    // Alternate between 4- and 5-digit values so every key changes the price.
    await page.keyboard.press(i % 2 === 0 ? '9' : 'Backspace');
  }
  await page.keyboard.press('Escape');
  const timings = await page.evaluate(() => (window as unknown as { keyTimings: number[] }).keyTimings);
  if (timings.length === 0) throw new Error(`None of ${keys} keys typed into a gross cell changed the dependent row's cost`);
  return median(timings);
}

/** Median time to interactive of the loads after the first (which also compiles the bundle), the page's API reads from the database or not. */
async function loads(page: Page, url: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) times.push(await timeToInteractive(page, url));
  return median(times.slice(1));
}

const SIZES = {
  full: { syntheticGroups: 100, keys: 41, loads: 4 },
  quick: { syntheticGroups: 10, keys: 5, loads: 2 },
};

export async function runPricingGridBench(options: BenchOptions): Promise<BenchRow[]> {
  const sizes = SIZES[options.size];
  const data = await benchData(options);
  const server = await startBenchServer({ dataDir: data.dataDir });
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const call = await benchApiCaller(server);
    const { tourId, tourSeasonId, priceRows } = data.summary.largestTourSeason;
    const largestSeasonId = (await call<{ seasons: { id: number; season_id: number }[] }>('GET', `tours/${tourId}`)).seasons.find(
      (season) => season.id === tourSeasonId,
    )!.season_id;
    const largest = { tourId, seasonId: largestSeasonId };
    const [large, small] = (await pricedSeasons(call, 3)).filter((season) => season.tourId !== tourId || season.seasonId !== largestSeasonId);
    await writeSeason(call, large, sizes.syntheticGroups, 20);
    await writeSeason(call, small, 1, 20);
    const syntheticRows = (sizes.syntheticGroups * 20).toLocaleString('en-GB');

    // Two pages: one whose every API read asks for no-cache (the first opening after any save),
    // one answered from the server's read cache when it can be (reopening, switching tabs).
    const fromDatabase = await browser.newPage({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'cache-control': 'no-cache' } });
    const cached = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const page of [fromDatabase, cached]) {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('E-mail address').fill(server.email);
      await page.getByLabel('Password').fill(server.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((address) => address.pathname !== '/login');
    }
    const url = (season: { tourId: number; seasonId: number }) => `${server.baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`;
    const tti = async (season: { tourId: number; seasonId: number }) => ({
      database: await loads(fromDatabase, url(season), sizes.loads),
      cache: await loads(cached, url(season), sizes.loads),
    });
    const ttiLargest = await tti(largest);
    const ttiLarge = await tti(large);
    const keyLarge = await keystrokeToCost(cached, sizes.keys);
    const ttiSmall = await tti(small);
    const keySmall = await keystrokeToCost(cached, sizes.keys);
    const row = (name: string, measured: { database: number; cache: number }): BenchRow => ({
      name,
      ms: measured.database,
      comparedMs: measured.cache,
      ratio: measured.database / measured.cache,
      target: '< 1000 ms',
    });
    return [
      row(
        `pricing tab interactive, largest season of ${benchDataName(options)} ` +
          `(${priceRows.toLocaleString('en-GB')} rows; compared: reads from the server's cache)`,
        ttiLargest,
      ),
      row(`pricing tab interactive, synthetic ${syntheticRows} rows (compared: reads from the server's cache)`, ttiLarge),
      row("pricing tab interactive, 20 rows (compared: reads from the server's cache)", ttiSmall),
      {
        name: `keystroke to dependent cost, ${syntheticRows} rows (median; compared: 20 rows)`,
        ms: keyLarge,
        comparedMs: keySmall,
        ratio: keyLarge / keySmall,
        target: '< 16 ms',
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    data.remove();
  }
}
