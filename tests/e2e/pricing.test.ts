import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { formatMoney } from '../../src/grid/format-money.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { apiCaller, cellText, findPricedSeason, pasteText, priceCell, resetPrices, typeInto, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Awaited<ReturnType<typeof apiCaller>>;

beforeAll(async () => {
  browser = await launchBrowser();
  call = await apiCaller();
  season = await findPricedSeason(call);
  await resetPrices(call, season, [675, 500, 400, 300, 200]);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page);
});
afterAll(() => browser.close());

/** What the grid should show for a gross on the season's first rate. */
function expected(gross: number) {
  const context = season.context;
  const rate = resolveRate(context.model!.rates, context.model!.rates[0].id);
  const result = computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate!.id }, rate, context.currency!.rate, 'tour');
  const symbol = context.currency!.symbol;
  return { net: formatMoney(result.net, symbol), subtotal: formatMoney(result.subtotal), cost: formatMoney(result.cost), profit: formatMoney(result.profit) };
}

const computedOf = async (index: number) => ({
  net: await cellText(page, index, 'net'),
  subtotal: await cellText(page, index, 'subtotal'),
  cost: await cellText(page, index, 'cost'),
  profit: await cellText(page, index, 'profit'),
});

const pricingUrl = () => `${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`;

describe('the pricing tab', () => {
  it('shows the season prices with their computed columns', async () => {
    await page.goto(pricingUrl());
    await priceCell(page, 0, 'gross').waitFor();
    expect(await computedOf(0)).toEqual(expected(675));
  });

  it('recomputes net, subtotal, cost and profit when a gross is typed', async () => {
    await typeInto(page, 1, 'gross', '800');
    await expect.poll(() => computedOf(1)).toEqual(expected(800));
    expect(await cellText(page, 1, 'gross')).toBe(formatMoney(800, season.context.currency!.symbol));
  });

  it('lets a row follow row 0 through a [0]+50 formula', async () => {
    await typeInto(page, 2, 'gross', '[0]+50');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(formatMoney(725, season.context.currency!.symbol));
    await typeInto(page, 0, 'gross', '700');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(formatMoney(750, season.context.currency!.symbol));
    expect(await computedOf(2)).toEqual(expected(750));
  });

  it('pastes a 3 by 4 block from the focused cell', async () => {
    await priceCell(page, 3, 'gross').click();
    const rate = `${season.context.model!.rates[0].commission}%`;
    await pasteText(page, `1,000\t10\t${rate}\t5\n£1,100.50\t0\t${rate}\t0\n900\t20\t${rate}\t15\n`);
    await expect.poll(() => cellText(page, 3, 'gross')).toBe(formatMoney(1000, season.context.currency!.symbol));
    expect(await cellText(page, 4, 'gross')).toBe(formatMoney(1100.5, season.context.currency!.symbol));
    expect(await cellText(page, 3, 'adjustment')).toBe('£5.00');
    // The block had three rows but only two rows were left below the focus.
    expect(await cellText(page, 4, 'non_com')).toBe(formatMoney(0, season.context.currency!.symbol));
  });

  it('finds and replaces a gross, skipping formula rows', async () => {
    await page.getByLabel('Find', { exact: true }).fill('800');
    await page.getByLabel('Replace with').fill('850');
    await page.getByRole('button', { name: 'Replace all' }).click();
    await expect.poll(() => cellText(page, 1, 'gross')).toBe(formatMoney(850, season.context.currency!.symbol));
  });

  it('saves with three clicks and shows the same values after a reload', async () => {
    const save = page.getByRole('button', { name: /^Save \d+ rows?$/ });
    expect(await save.textContent()).toBe('Save 5 rows');
    await save.click();
    await page.getByRole('button', { name: 'Are you sure?' }).click();
    await page.getByRole('button', { name: 'Saving' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    const before = await Promise.all([0, 1, 2, 3, 4].map(async (index) => [await cellText(page, index, 'gross'), await computedOf(index)]));
    await page.reload();
    await priceCell(page, 0, 'gross').waitFor();
    const after = await Promise.all([0, 1, 2, 3, 4].map(async (index) => [await cellText(page, index, 'gross'), await computedOf(index)]));
    expect(after).toEqual(before);
    const stored = await call<{ categories: { prices: { formula: string | null; gross: number }[] }[] }>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
    expect(stored.categories[0].prices.map((price) => price.formula ?? Number(price.gross))).toEqual([700, 850, '[0]+50', 1000, 1100.5]);
  });

  it('exports the prices as an xlsx with live formulas and their values', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/data-export?season=${season.seasonId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
    expect(download.suggestedFilename()).toBe(`${season.tourName} pricing data.xlsx`);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Pricing')!;
    expect(sheet.getRow(1).getCell(16).value).toBe('Net');
    let found = 0;
    sheet.eachRow((row, number) => {
      if (number === 1 || row.getCell(13).value !== 850) return;
      found = number;
    });
    expect(found).toBeGreaterThan(1);
    const row = sheet.getRow(found);
    const want = expected(850);
    const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
    const net = row.getCell(16).value as { formula: string; result: number };
    expect(net.formula).toBe(`IF(M${found}-(M${found}-N${found})*O${found}/100<=N${found},0,M${found}-(M${found}-N${found})*O${found}/100)`);
    expect(net.result).toBe(money(want.net));
    expect((row.getCell(17).value as { formula: string; result: number }).result).toBe(money(want.subtotal));
    expect(row.getCell(19).value).toEqual({ formula: `Q${found}+R${found}`, result: money(want.cost) });
    expect((row.getCell(20).value as { formula: string; result: number }).result).toBe(money(want.profit));
    expect(row.getCell(13).numFmt).toBe('#,##0.00');
  });

  it('puts a removed group back when the save fails', async () => {
    await page.goto(pricingUrl());
    await priceCell(page, 0, 'gross').waitFor();
    const counts = page.locator('.pricing-workspace .toolbar .muted');
    const before = await counts.textContent();
    await page.getByRole('button', { name: 'Remove Group' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => counts.textContent()).toMatch(/^0 groups/);
    // Someone else saves the season meanwhile, so this save is stale and refused with 409.
    const current = await call<{ tour_season: { version: number }; categories: unknown[] }>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
    await call('PUT', `tour-pricing/${season.tourId}/${season.seasonId}`, { version: current.tour_season.version, removed_category_ids: [], categories: current.categories });
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByRole('button', { name: 'Are you sure?' }).click();
    await page.getByRole('button', { name: 'Saving' }).click();
    await expect.poll(() => counts.textContent()).toBe(before);
    await priceCell(page, 0, 'gross').waitFor();
    const stored = await call<{ categories: unknown[] }>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
    expect(stored.categories).toHaveLength(1);
  });

  it('asks for a bike before Add Bike and adds two default bikes', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
    await page.getByRole('button', { name: 'Add Bike' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a bike first' }).waitFor();
    const before = await page.locator('.price-grid .ag-row [col-id="gross"][role="gridcell"]').count();
    await page.getByRole('button', { name: 'Add Default Bikes' }).click();
    await expect.poll(() => page.locator('.price-grid .ag-row [col-id="gross"][role="gridcell"]').count()).toBe(before + 2);
  });
});
