import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { formatMoney } from '../../src/grid/format-money.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { apiCaller, cellText, findPricedSeason, priceCell, resetPrices, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Awaited<ReturnType<typeof apiCaller>>;
let oldRate: number;

beforeAll(async () => {
  browser = await launchBrowser();
  call = await apiCaller();
  season = await findPricedSeason(call);
  oldRate = season.context.currency!.rate!;
  await resetPrices(call, season, [675, 500]);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page);
});
afterAll(async () => {
  // Later browser tests find the demo season as it was.
  await call('PUT', `currencies/${season.context.currency!.id}/${season.seasonId}`, { rate: oldRate });
  await browser.close();
});

const costAt = (gross: number, currencyRate: number) => {
  const rates = season.context.model!.rates;
  const rate = resolveRate(rates, rates[0].id);
  return computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate!.id }, rate, currencyRate, 'tour').cost;
};

describe('bulk pricing', () => {
  it('previews a currency-rate change across the season, saves it, and the tour’s pricing tab shows the new costs', async () => {
    const currency = season.context.currency!;
    const newRate = Math.round(oldRate * 1.2 * 1000) / 1000;
    expect(costAt(675, newRate)).not.toBe(costAt(675, oldRate));

    await page.goto(`${e2eServer().baseUrl}/pgt?season=${season.seasonId}&tour_id=${season.tourId}`);
    await expect.poll(() => page.getByRole('navigation').count()).toBe(0);
    // The season's stored rows load once, so the preview is worked out in the browser as staff type.
    await page.locator('[data-preview-inputs="ready"]').waitFor({ timeout: 30_000 });
    const form = page.getByRole('form', { name: `${currency.name} rate` });
    await form.getByRole('spinbutton').fill(String(newRate));

    const preview = form.getByRole('region', { name: 'What-if preview' });
    await preview.waitFor();
    await expect.poll(async () => Number(await preview.getByTestId('preview-prices').textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await preview.textContent()) ?? '').toMatch(/Total cost [−+]£/);

    await form.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText(`Saved ${currency.name} rate`).waitFor();

    // The tour's prices on the bulk page, in the shared price grid, are refetched with the new costs.
    const prices = page.getByRole('region', { name: 'Tour prices' });
    const firstCost = prices.locator('.ag-row[row-index="1"] .ag-cell[col-id="cost"]');
    await expect.poll(async () => (await firstCost.textContent())?.replace(/[£,]/g, '')).toBe(costAt(675, newRate).toFixed(2));
    // Read-only here: Enter on a gross cell opens no editor.
    await prices.locator('.ag-row[row-index="1"] .ag-cell[col-id="gross"]').click();
    await page.keyboard.press('Enter');
    expect(await page.locator('.price-cell-input').count()).toBe(0);

    // The tour's own pricing tab, opened afresh, shows the costs the server stored with the new rate.
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 1, 'cost').waitFor();
    expect([await cellText(page, 0, 'cost'), await cellText(page, 1, 'cost')]).toEqual([formatMoney(costAt(675, newRate)), formatMoney(costAt(500, newRate))]);
    expect(await cellText(page, 0, 'cost')).not.toBe(formatMoney(costAt(675, oldRate)));
  });
});
