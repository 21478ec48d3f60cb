// Issue 27, defect 3: a refused save changes nothing in the grid. The trial's path: row 10's gross
// typed, row 12 a typed `[10]+280`, row 10 deleted, Ctrl+S three times: the save was refused and
// the deleted row came back (the toolbar back to 25 prices), so the next save stored it again.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { e2eServer } from '../helpers/browser.js';
import { cellText, openPricingSession, priceCell, resetPrices, typeInto, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

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
const saveButton = () => page.locator('.toolbar-end button[aria-live]');

/** Ctrl+S three times from the focused cell: the three-click save. */
async function pressSaveThrice() {
  for (const label of ['Are you sure?', 'Saving']) {
    await page.keyboard.press('Control+s');
    await expect.poll(() => saveButton().textContent()).toBe(label);
  }
  await page.keyboard.press('Control+s');
}

describe('a save refused for a formula that refers to a deleted row', () => {
  it('keeps the deletion and the error on the row, and the fixed save stores the group without the deleted row', async () => {
    const grosses = Array.from({ length: 25 }, (_, index) => 500 + index * 10);
    const loaded = await resetPrices(call, season, grosses);
    const deletedId = loaded.categories[0].prices[10].id;
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 12, 'gross').waitFor();
    await expect.poll(counts).toBe('1 group, 25 prices');

    await typeInto(page, 10, 'gross', '821');
    await typeInto(page, 12, 'gross', '[10]+280');
    await expect.poll(() => cellText(page, 12, 'gross')).toBe(local(1101));

    await priceCell(page, 10, 'gross').click();
    await page.getByRole('button', { name: 'Delete rows' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(counts).toBe('1 group, 24 prices');
    // The formula row is row 11 now, its reference gone.
    await expect.poll(() => cellText(page, 11, 'gross')).toBe('#REF!');

    await priceCell(page, 11, 'non_com').click();
    await pressSaveThrice();
    await page.getByText('Row 11: Refers to a deleted row').first().waitFor();
    await expect.poll(() => saveButton().textContent()).toMatch(/^Save \d+ rows?$/);
    // Nothing in the grid changed: the deletion, the count and the error all stay.
    expect(await counts()).toBe('1 group, 24 prices');
    await expect.poll(() => cellText(page, 10, 'gross')).toBe(local(610));
    await expect.poll(() => cellText(page, 11, 'gross')).toBe('#REF!');
    await expect.poll(() => cellText(page, 12, 'gross')).toBe(local(630));
    const stillStored = await call<SeasonPricing>('GET', pricesPath());
    expect(stillStored.categories[0].prices.map((price) => price.id)).toContain(deletedId);

    await typeInto(page, 11, 'gross', '1100');
    await expect.poll(() => cellText(page, 11, 'gross')).toBe(local(1100));
    await priceCell(page, 11, 'non_com').click();
    await pressSaveThrice();
    await expect.poll(() => saveButton().textContent()).toBe('Save');
    expect(await counts()).toBe('1 group, 24 prices');
    const stored = await call<SeasonPricing>('GET', pricesPath());
    const prices = stored.categories[0].prices;
    expect(prices.map((price) => price.id)).not.toContain(deletedId);
    expect(prices.map((price) => Number(price.gross))).toEqual([...grosses.slice(0, 10), grosses[11], 1100, ...grosses.slice(13)]);
  });
});
