// Issue 27: a price cell refuses what no price should hold (a negative gross or non-com, more than
// two decimals, past the money limit) with its reason, and a cleared gross is blank and missing,
// blocking the save with its row named. Written for either editor after a refused Enter: the one
// that closes, and the one that stays open with the typed text until Escape.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { e2eServer } from '../helpers/browser.js';
import type { Locator } from 'playwright-core';
import {
  cellText,
  openPricingSession,
  priceCell,
  pricingUrl,
  resetBikesAndSupplement,
  resetPrices,
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

/** The season's stored prices, in grid order, as numbers. */
const storedPrices = async () =>
  (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories.flatMap((category) =>
    category.prices.map((price) => ({ gross: Number(price.gross), non_com: Number(price.non_com), adjustment: Number(price.adjustment) })),
  );

async function openGrid(grosses: readonly number[]) {
  await resetPrices(call, season, grosses);
  await page.goto(pricingUrl(season));
  await priceCell(page, 0, 'gross').waitFor();
}

/** Ctrl+S three times from a cell (a pricing tab's row's non-com unless given): the three clicks of the Save button. */
async function pressSaveThreeTimes(from: number | Locator) {
  const button = page.locator('.toolbar-end button[aria-live]');
  await (typeof from === 'number' ? priceCell(page, from, 'non_com') : from).click();
  for (const label of ['Are you sure?', 'Saving']) {
    await page.keyboard.press('Control+s');
    await expect.poll(() => button.textContent()).toBe(label);
  }
  await page.keyboard.press('Control+s');
}

/**
 * Types `text` into a cell and presses Enter: the reason must be on the screen; Escape then leaves
 * the cell showing `shown`, its value before.
 */
async function typeRefused(index: number, colId: string, text: string, reason: string, shown: string) {
  await priceCell(page, index, colId).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.getByText(reason).first().waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => cellText(page, index, colId)).toBe(shown);
}

describe('price cells refuse inputs no price should have', () => {
  it('refuses a negative gross or non-com, a third decimal and a gross past the limit, each with its reason, and stores none of them', async () => {
    await openGrid([675, 500, 400]);
    await typeRefused(0, 'gross', '-500', 'A gross cannot be negative', local(675));
    await typeRefused(0, 'non_com', '-10', 'A non-com cannot be negative', local(0));
    await typeRefused(0, 'adjustment', '1.005', 'At most two decimals: 1.005 has three', formatMoney(0));
    await typeRefused(1, 'gross', '99999999999999', 'At most 10,000,000', local(500));

    // One accepted change, so a save runs: what it stores shows none of the refused values.
    await priceCell(page, 2, 'gross').click();
    await page.keyboard.type('410');
    await page.keyboard.press('Enter');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(410));
    await pressSaveThreeTimes(2);
    await expect.poll(storedPrices).toEqual([
      { gross: 675, non_com: 0, adjustment: 0 },
      { gross: 500, non_com: 0, adjustment: 0 },
      { gross: 410, non_com: 0, adjustment: 0 },
    ]);
  });
});

describe('a cleared gross', () => {
  it('is blank and flagged as missing, blocks the save naming its row, and saves once a value is typed', async () => {
    await openGrid([675, 500, 400]);
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => cellText(page, 1, 'gross')).toBe('');
    // Net, cost and profit are not worked out from a gross nobody typed.
    for (const colId of ['net', 'cost', 'profit']) expect(await cellText(page, 1, colId), colId).not.toMatch(/\d/);
    await page.mouse.move(0, 0);
    await priceCell(page, 1, 'gross').hover();
    await page.locator('.ag-tooltip').filter({ hasText: 'Gross is missing' }).waitFor();

    await pressSaveThreeTimes(1);
    await page.getByText('Row 1: Gross is missing').first().waitFor();
    expect(await storedPrices()).toEqual([
      { gross: 675, non_com: 0, adjustment: 0 },
      { gross: 500, non_com: 0, adjustment: 0 },
      { gross: 400, non_com: 0, adjustment: 0 },
    ]);
    await expect.poll(() => cellText(page, 1, 'gross')).toBe('');

    await priceCell(page, 1, 'gross').click();
    await page.keyboard.type('520');
    await page.keyboard.press('Enter');
    await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(520));
    await pressSaveThreeTimes(1);
    await expect.poll(storedPrices).toEqual([
      { gross: 675, non_com: 0, adjustment: 0 },
      { gross: 520, non_com: 0, adjustment: 0 },
      { gross: 400, non_com: 0, adjustment: 0 },
    ]);
  });
});

describe('a cleared gross on the bikes and supplements tabs', () => {
  const where = () => `${season.tourId}/${season.seasonId}`;
  const storedBikes = async () => (await call<{ bikes: { gross: string | number }[] }>('GET', `tour-bikes/${where()}`)).bikes.map((bike) => Number(bike.gross));

  it('is blank and missing on the bikes grid, and its save is refused naming the row', async () => {
    await resetBikesAndSupplement(call, season, 'Missing picnic');
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
    const cell = (row: number, colId: string) => page.locator(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
    await cell(0, 'gross').click();
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await cell(0, 'gross').textContent())?.trim()).toBe('');
    await pressSaveThreeTimes(cell(1, 'non_com'));
    await page.getByText('Row 0: Gross is missing').first().waitFor();
    expect(await storedBikes()).toEqual([40, 55]);
  });

  it('is blank and missing on a supplement grid, and its save is refused naming the supplement and the row', async () => {
    await resetBikesAndSupplement(call, season, 'Missing picnic');
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/party-extras?season=${season.seasonId}`);
    const card = page.getByRole('region', { name: /^Supplement \d+: Missing picnic$/ });
    const cell = (row: number, colId: string) => card.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
    await cell(0, 'gross').click();
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await cell(0, 'gross').textContent())?.trim()).toBe('');
    await pressSaveThreeTimes(cell(1, 'non_com'));
    await page
      .getByText(/Supplement \d+, row 0: Gross is missing/)
      .first()
      .waitFor();
    const party = await call<{ extras: { name: string; variations: { gross: string | number }[] }[] }>('GET', `tour-extras/${where()}/party`);
    expect(party.extras.find((extra) => extra.name === 'Missing picnic')?.variations.map((variation) => Number(variation.gross))).toEqual([50, 100]);
  });
});
