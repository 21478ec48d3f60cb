// What a first visit costs (issue 20, code splitting), in Chromium with an empty cache:
// - the JavaScript downloaded before the login form shows, gzipped (target < 250 KB);
// - a cold navigation to the pricing tab, from the address being opened until a key typed into a
//   gross cell is accepted by its editor (target < 1.5 s at 2,000 rows; 200 when quick).

import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { chromiumPath } from '../helpers/chromium-path';
import type { BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';
import { benchApiCaller, startBenchServer, type BenchServer } from './bench-server';
import { pricedSeasons, writeSeason, type Season } from './pricing-grid-bench';

/** Gzipped bytes of every script the page asked for while `load` ran (fetched again here to weigh them). */
async function scriptBytesDuring(page: Page, load: () => Promise<void>): Promise<number> {
  const urls = new Set<string>();
  const listen = (request: Request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  };
  page.on('request', listen);
  await load();
  page.off('request', listen);
  const sizes = await Promise.all([...urls].map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length));
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

async function logInThroughForm(page: Page, server: BenchServer) {
  await page.getByLabel('E-mail address').fill(server.email);
  await page.getByLabel('Password').fill(server.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((address) => address.pathname !== '/login');
}

/** ms from opening the pricing tab with an empty browser cache until a typed key shows in a gross editor. */
async function coldPricingTab(browser: Browser, server: BenchServer, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await logInThroughForm(page, server);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  const started = Date.now();
  await page.goto(url);
  const gross = page.locator('.price-grid .ag-row[row-index="1"] .ag-cell[col-id="gross"]');
  await gross.click();
  await page.keyboard.press('7');
  await page.locator('.price-cell-input').waitFor();
  await page.waitForFunction(() => (document.querySelector('.price-cell-input') as HTMLInputElement | null)?.value.includes('7'));
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}

/** On a fresh server with the demo data: one season rewritten to 20 prices, another to 2,000 (200 when quick). */
export async function runColdLoadBench(options: BenchOptions): Promise<BenchRow[]> {
  const largeGroups = options.size === 'full' ? 100 : 10;
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const call = await benchApiCaller(server);
    const [small, large] = await pricedSeasons(call, 2);
    await writeSeason(call, small, 1, 20);
    await writeSeason(call, large, largeGroups, 20);
    const url = (season: Season) => `${server.baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`;
    return await measureColdLoads(browser, server, { small: url(small), large: url(large), largeRows: largeGroups * 20 });
  } finally {
    await browser.close();
    await server.stop();
  }
}

type PricingUrls = { small: string; large: string; largeRows: number };

async function measureColdLoads(browser: Browser, server: BenchServer, pricingUrls: PricingUrls): Promise<BenchRow[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const loginKb =
    (await scriptBytesDuring(page, async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    })) / 1024;
  // Everything the app could need, for comparison: all of dist's scripts, as the single bundle was.
  const appKb =
    (await scriptBytesDuring(page, async () => {
      await logInThroughForm(page, server);
      await page.goto(`${page.url().replace(/\/[^/]*$/, '')}/tours`);
    })) /
      1024 +
    loginKb;
  await context.close();
  const small = await coldPricingTab(browser, server, pricingUrls.small);
  const large = await coldPricingTab(browser, server, pricingUrls.large);
  return [
    {
      name: 'JavaScript before the login form shows, KB gzipped (compared: after log-in and the tour list)',
      ms: loginKb,
      comparedMs: appKb,
      ratio: loginKb / appKb,
      target: '< 250 KB',
    },
    {
      name: `cold pricing tab (empty cache) until a key is accepted, ${pricingUrls.largeRows.toLocaleString('en-GB')} rows (compared: 20 rows)`,
      ms: large,
      comparedMs: small,
      ratio: large / small,
      target: '< 1500 ms',
    },
  ];
}
