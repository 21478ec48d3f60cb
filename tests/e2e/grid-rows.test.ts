import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { e2eServer } from '../helpers/browser.js';
import {
  cellText,
  openPricingSession,
  priceCell,
  pricingUrl,
  replaceBikes,
  resetPrices,
  saveWithThreeClicks,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession());
});
afterAll(() => browser.close());

const local = (value: number) => formatMoney(value, season.context.currency!.symbol);
const pricesPath = () => `tour-pricing/${season.tourId}/${season.seasonId}`;
const counts = () => page.locator('.pricing-workspace .toolbar .muted').first().textContent();
const grosses = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => cellText(page, index, 'gross')));
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function openPricing(grossValues: readonly (number | string)[]) {
  await resetPrices(call, season, grossValues);
  await page.goto(pricingUrl(season));
  await priceCell(page, grossValues.length - 1, 'gross').waitFor();
}

const save = () => saveWithThreeClicks(page);

describe('row operations of the pricing grid', () => {
  it('inserts a row above and a row below the cursor, inside the group, references following', async () => {
    await openPricing([100, 200, '[1]+1']);
    await priceCell(page, 1, 'gross').click();
    await button('Insert row above').click();
    await expect.poll(counts).toBe('1 group, 4 prices');
    await expect.poll(() => grosses(4)).toEqual([local(100), local(0), local(200), local(201)]);
    await priceCell(page, 2, 'gross').click();
    await button('Insert row below').click();
    await expect.poll(counts).toBe('1 group, 5 prices');
    await expect.poll(() => grosses(5)).toEqual([local(100), local(0), local(200), local(0), local(201)]);
    await save();
    const stored = await call<SeasonPricing>('GET', pricesPath());
    expect(stored.categories[0].prices.map((price) => price.formula)).toEqual([null, null, null, null, '[2]+1']);
  });

  it('deletes every row of a multi-row selection, and Ctrl+Z puts them back', async () => {
    await openPricing([100, 200, 300, 400, 500]);
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await button('Delete rows').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(counts).toBe('1 group, 2 prices');
    await expect.poll(() => grosses(2)).toEqual([local(100), local(500)]);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(counts).toBe('1 group, 5 prices');
    await expect.poll(() => grosses(5)).toEqual([local(100), local(200), local(300), local(400), local(500)]);
  });

  it('moves a row with Alt+Shift+Arrow, the [n] reference following it, and saves the new order', async () => {
    await openPricing([100, 200, 300, '[0]+5']);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await expect.poll(() => grosses(4)).toEqual([local(200), local(300), local(100), local(105)]);
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect.poll(() => grosses(4)).toEqual([local(200), local(100), local(300), local(105)]);
    await save();
    const stored = await call<SeasonPricing>('GET', pricesPath());
    expect(stored.categories[0].prices.map((price) => [Number(price.gross), price.formula])).toEqual([
      [200, null],
      [100, null],
      [300, null],
      [105, '[1]+5'],
    ]);
  });

  it('drags a row by its # cell onto another row, the reference following, and undoes the drag', async () => {
    await openPricing([100, 200, 300, '[0]+5']);
    const handle = priceCell(page, 0, '#').locator('.price-grid-row-handle');
    const from = (await handle.boundingBox())!;
    const to = (await priceCell(page, 2, '#').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + to.height / 2 - from.y) * step) / 10);
    await page.mouse.up();
    await expect.poll(() => grosses(4)).toEqual([local(200), local(300), local(100), local(105)]);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => grosses(4)).toEqual([local(100), local(200), local(300), local(105)]);
  });

  it('moves the last row of a group down across the header into the next group', async () => {
    const current = await resetPrices(call, season, [100]);
    const rate = season.context.model!.rates[0].id;
    const price = (grossValue: number) => ({ gross: grossValue, non_com: 0, adjustment: 0, markup_rate_id: rate, formula: null });
    await call('PUT', pricesPath(), {
      version: current.tour_season.version,
      removed_category_ids: current.categories.map((category) => category.id),
      categories: [
        { start: '2026-05-01', end: '2026-05-31', nights: 7, prices: [price(100), price(200)] },
        { start: '2026-06-01', end: '2026-06-30', nights: 7, prices: [price(300)] },
      ],
    });
    await page.goto(pricingUrl(season));
    const displayed = (rowIndex: number) => page.locator(`.price-grid .ag-row[row-index="${rowIndex}"] .ag-cell[col-id="gross"]`);
    await displayed(4).waitFor();
    await displayed(2).click();
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await expect.poll(async () => (await displayed(3).textContent())?.trim()).toBe(local(200));
    expect(await page.locator('.price-grid .group-header').nth(1).textContent()).toContain('2 prices');
    expect(await page.getByRole('button', { name: /^Save/ }).textContent()).toBe('Save 1 row');
    await save();
    const stored = await call<SeasonPricing>('GET', pricesPath());
    expect(stored.categories.map((category) => category.prices.map((row) => Number(row.gross)))).toEqual([[100], [200, 300]]);
  });

  it('undoes and redoes Remove Group and Add Group with Ctrl+Z and Ctrl+Y, and saves what is left', async () => {
    const current = await resetPrices(call, season, [100, 200]);
    const rate = season.context.model!.rates[0].id;
    const group = (start: string, grossValue: number) => ({
      start,
      end: start.replace(/01$/, '28'),
      nights: 7,
      prices: [{ gross: grossValue, non_com: 0, adjustment: 0, markup_rate_id: rate, formula: null }],
    });
    await call('PUT', pricesPath(), {
      version: current.tour_season.version,
      removed_category_ids: current.categories.map((category) => category.id),
      categories: [group('2026-05-01', 100), group('2026-06-01', 200)],
    });
    await page.goto(pricingUrl(season));
    await page.locator('.price-grid .ag-row[row-index="3"] .ag-cell[col-id="gross"]').waitFor();
    await page.getByRole('button', { name: 'Remove Group' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(counts).toBe('1 group, 1 price');
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(counts).toBe('2 groups, 2 prices');
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(100));
    await page.keyboard.press('Control+y');
    await expect.poll(counts).toBe('1 group, 1 price');
    await page.keyboard.press('Control+z');
    await expect.poll(counts).toBe('2 groups, 2 prices');

    // Add Group is undone the same way; the save then keeps both stored groups.
    await page.getByRole('button', { name: 'Add Group' }).click();
    await expect.poll(counts).toBe('3 groups, 2 prices');
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(counts).toBe('2 groups, 2 prices');
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await save();
    const stored = await call<SeasonPricing>('GET', pricesPath());
    expect(stored.categories.map((category) => category.prices.map((price) => Number(price.gross)))).toEqual([[150], [200]]);
  });
});

describe('bike order (defect 4)', () => {
  const bikesPath = () => `tour-bikes/${season.tourId}/${season.seasonId}`;
  type Bikes = { tour_season: { version: number }; bikes: { id: number; bike_id: number; order: number; gross: number | string }[] };
  const bikeCell = (index: number, colId: string) => page.locator(`.price-grid .ag-row[row-index="${index}"] .ag-cell[col-id="${colId}"]`);
  const column = (colId: string) => Promise.all([0, 1, 2].map(async (index) => ((await bikeCell(index, colId).textContent()) ?? '').trim()));

  it('shows Order as the row position, moves rows to change it, and the server keeps that order', async () => {
    const bikes = await call<{ id: number; name: string }[]>('GET', 'bikes');
    const named = (name: string) => bikes.find((bike) => bike.name === name)?.id ?? bikes[0].id;
    await replaceBikes(call, season, [
      { bikeId: named('Road bike'), order: 0, gross: 110 },
      { bikeId: named('Child bike'), order: 1, gross: 220 },
      { bikeId: named('Tandem'), order: 2, gross: 330 },
    ]);
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
    await bikeCell(2, 'gross').waitFor();
    await expect.poll(() => column('order')).toEqual(['1', '2', '3']);
    await page.locator('.price-grid .ag-header-cell[col-id="order"]').hover();
    await page.locator('.ag-tooltip').waitFor();
    expect(await page.locator('.ag-tooltip').textContent()).toMatch(/follows the row's position/);

    // Typing 0 in Tandem's Order changes nothing: the order is the row's place.
    await bikeCell(2, 'order').click();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => column('order')).toEqual(['1', '2', '3']);

    // Tandem moved to the top with Alt+Shift+ArrowUp twice, then saved and reloaded.
    await bikeCell(2, 'gross').click();
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect.poll(() => column('gross')).toEqual([local(330), local(110), local(220)]);
    await expect.poll(() => column('order')).toEqual(['1', '2', '3']);
    await save();
    await page.reload();
    await bikeCell(2, 'gross').waitFor();
    await expect.poll(() => column('gross')).toEqual([local(330), local(110), local(220)]);
    const stored = (await call<Bikes>('GET', bikesPath())).bikes;
    expect(stored.map((bike) => [bike.bike_id, bike.order])).toEqual([
      [named('Tandem'), 0],
      [named('Road bike'), 1],
      [named('Child bike'), 2],
    ]);
  });
});
