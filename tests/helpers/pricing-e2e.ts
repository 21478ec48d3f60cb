import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SeasonPricing, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { apiToken, e2eServer, launchBrowser, logIn } from './browser.js';

export type PricedSeason = { tourId: number; tourName: string; seasonId: number; context: TourSeasonPricingContext };

/** Calls the e2e server's API with a fresh staff login. */
export async function apiCaller() {
  const { baseUrl } = e2eServer();
  const token = await apiToken();
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export type Caller = Awaited<ReturnType<typeof apiCaller>>;

export type PricingSession = { browser: Browser; page: Page; season: PricedSeason; call: Caller };

/**
 * What every price-grid browser test starts from: Chromium, the API as staff, a priced demo season
 * (the `skip`+1-th, so two files can keep to their own rows) and a logged-in page at 1440x900,
 * allowed to read and write the clipboard when asked.
 */
export async function openPricingSession(options: { skip?: number; clipboard?: boolean } = {}): Promise<PricingSession> {
  const browser = await launchBrowser();
  const call = await apiCaller();
  const season = await findPricedSeason(call, options.skip);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eServer().baseUrl });
  const page = await context.newPage();
  await logIn(page);
  return { browser, page, season, call };
}

/** A demo tour season whose model and currency are set, so its prices can be computed (the `skip`+1-th, by tour id). */
export async function findPricedSeason(call: Caller, skip = 0): Promise<PricedSeason> {
  const tours = await call<{ id: number; name: string; seasons: { season_id: number; markup_model_id: number | null }[] }[]>('GET', 'tours/all');
  let found = 0;
  // The demo tours, oldest first: a tour another test created (no tour code, new seasons) is
  // listed first by the tours' own order and would change which season every test works on.
  for (const tour of [...tours].sort((a, b) => a.id - b.id)) {
    for (const season of tour.seasons.filter((candidate) => candidate.markup_model_id !== null)) {
      const context = await call<TourSeasonPricingContext>('GET', `tour-seasons/${tour.id}/${season.season_id}`);
      if (!context.model?.rates.length || !context.currency?.rate) continue;
      if (found++ < skip) continue;
      return { tourId: tour.id, tourName: tour.name, seasonId: season.season_id, context };
    }
  }
  throw new Error('The demo data has no priced tour season');
}

/**
 * Replaces the season's prices with one group of the given grosses, all on the first rate; a
 * string is a gross formula (the server evaluates it).
 */
export async function resetPrices(call: Caller, season: PricedSeason, grosses: readonly (number | string)[]): Promise<SeasonPricing> {
  const current = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
  const rate = season.context.model!.rates[0].id;
  return call<SeasonPricing>('PUT', `tour-pricing/${season.tourId}/${season.seasonId}`, {
    version: current.tour_season.version,
    removed_category_ids: current.categories.map((category) => category.id),
    categories: [
      {
        start: '2026-05-01',
        end: '2026-09-30',
        nights: 7,
        prices: grosses.map((gross) => ({
          gross: typeof gross === 'number' ? gross : 0,
          non_com: 0,
          adjustment: 0,
          markup_rate_id: rate,
          formula: typeof gross === 'string' ? gross : null,
        })),
      },
    ],
  });
}

/** A price of the season's first rate: a number is a gross, a string a gross formula. */
const pricedAtFirstRate = (season: PricedSeason, gross: number | string) => ({
  gross: typeof gross === 'number' ? gross : 0,
  formula: typeof gross === 'string' ? gross : null,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: season.context.model!.rates[0].id,
});

/** A bike row to store: which bike, where, and its gross (a number, or a formula's text). */
export type BikeRow = { bikeId: number; order: number; gross: number | string };

/** Replaces the season's bikes with `rows`, each priced at the model's first rate. */
export async function replaceBikes(call: Caller, season: PricedSeason, rows: readonly BikeRow[]): Promise<void> {
  const path = `tour-bikes/${season.tourId}/${season.seasonId}`;
  const stored = await call<{ tour_season: { version: number }; bikes: { id: number }[] }>('GET', path);
  await call('PUT', path, {
    version: stored.tour_season.version,
    removed_ids: stored.bikes.map((bike) => bike.id),
    bikes: rows.map(({ bikeId, order, gross }) => ({
      bike_id: bikeId,
      order,
      nights: null,
      gallery_id: null,
      boat_id: null,
      ...pricedAtFirstRate(season, gross),
    })),
  });
}

/**
 * Replaces the season's bikes with two of the first bike (40, and `[0]+15`) and its supplements
 * with one named `supplement` of two variations (50, and `[0]*2`): a base row and a row that
 * follows it on each sheet.
 */
export async function resetBikesAndSupplement(call: Caller, season: PricedSeason, supplement: string): Promise<void> {
  const where = `${season.tourId}/${season.seasonId}`;
  const [bike] = await call<{ id: number }[]>('GET', 'bikes');
  await replaceBikes(call, season, [
    { bikeId: bike.id, order: 0, gross: 40 },
    { bikeId: bike.id, order: 1, gross: '[0]+15' },
  ]);
  // One version a season: read after the bikes' save.
  const party = await call<{ tour_season: { version: number }; extras: { id: number }[] }>('GET', `tour-extras/${where}/party`);
  await call('PUT', `tour-extras/${where}/party`, {
    version: party.tour_season.version,
    removed_ids: party.extras.map((extra) => extra.id),
    extras: [{ name: supplement, variations: [pricedAtFirstRate(season, 50), pricedAtFirstRate(season, '[0]*2')] }],
  });
}

/** A cell of price row `index` (the grid's `#`) in a season with one group (its header is row 0). */
export const priceCell = (page: Page, index: number, colId: string): Locator =>
  page.locator(`.price-grid .ag-row[row-index="${index + 1}"] .ag-cell[col-id="${colId}"]`);

export const cellText = async (page: Page, index: number, colId: string) => (await priceCell(page, index, colId).textContent())?.trim() ?? '';

/** Types into a cell the way staff do: focus it, type (which starts the edit), Enter. */
export async function typeInto(page: Page, index: number, colId: string, text: string) {
  await priceCell(page, index, colId).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** A paste as the browser fires it when Ctrl+V is pressed on the focused cell. */
export async function pasteText(page: Page, text: string) {
  await page.evaluate((clip) => {
    const data = new DataTransfer();
    data.setData('text/plain', clip);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** A tab of a tour season on the e2e server: the pricing tab, or the one named ('bikes', 'party-extras', ...). */
export const seasonTabUrl = (season: { tourId: number; seasonId: number }, tab = 'pricing') =>
  `${e2eServer().baseUrl}/tours/${season.tourId}/${tab}?season=${season.seasonId}`;

export const pricingUrl = (season: { tourId: number; seasonId: number }) => seasonTabUrl(season, 'pricing');

/**
 * The three clicks of a grid's Save (its label, 'Are you sure?', 'Saving'); resolves once the save
 * is over: the server has answered the save and the button reads Save with nothing left to save.
 * The answer is waited for, not only the label: between the third click and the save starting,
 * the button shows its label again for a moment, and on a busy machine a check of the label alone
 * passed before the save was sent.
 */
export async function saveWithThreeClicks(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Save( \d+ rows?)?$/ }).click();
  await page.getByRole('button', { name: 'Are you sure?' }).click();
  const answered = page.waitForResponse((response) => response.request().method() !== 'GET' && new URL(response.url()).pathname.startsWith('/api/v1/'));
  await page.getByRole('button', { name: 'Saving' }).click();
  await answered;
  await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
}
