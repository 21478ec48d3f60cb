// Issue 27, "Excel habits still missing", in Chromium: a formula in error shows Excel's code.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer } from '../helpers/browser.js';
import { cellText, openPricingSession, priceCell, resetPrices, typeInto, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ clipboard: true }));
});
afterAll(() => browser.close());

async function openPricing(grosses: (number | string)[]) {
  await resetPrices(call, season, grosses);
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
  await priceCell(page, 0, 'gross').waitFor();
}

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

/** The tooltip a cell shows on hover. */
async function tooltipOf(index: number, colId: string): Promise<string> {
  await page.mouse.move(0, 0);
  await page.locator('.ag-tooltip').waitFor({ state: 'detached' });
  await priceCell(page, index, colId).hover();
  await page.locator('.ag-tooltip').waitFor();
  return (await page.locator('.ag-tooltip').textContent()) ?? '';
}

describe("a formula in error shows Excel's code", () => {
  it('shows #DIV/0!, #CIRC!, #REF! and #VALUE! in the gross and computed cells, the explanation on hover', async () => {
    await openPricing([100, 200, 300, 400, 500]);
    await typeInto(page, 1, 'gross', '[0]/0');
    await expect.poll(() => cellText(page, 1, 'gross')).toBe('#DIV/0!');
    expect([await cellText(page, 1, 'net'), await cellText(page, 1, 'cost'), await cellText(page, 1, 'profit')]).toEqual(['#DIV/0!', '#DIV/0!', '#DIV/0!']);
    expect(await tooltipOf(1, 'gross')).toBe('Division by zero (formula: [0]/0)');

    // A row using a row in error shows that row's code, as Excel passes it on.
    await typeInto(page, 2, 'gross', '[1]+1');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe('#DIV/0!');
    expect(await tooltipOf(2, 'gross')).toBe('Refers to row 1, which has an error (formula: [1]+1)');

    await typeInto(page, 3, 'gross', '[3]*2');
    await expect.poll(() => cellText(page, 3, 'gross')).toBe('#CIRC!');
    await typeInto(page, 4, 'gross', '[40]+1');
    await expect.poll(() => cellText(page, 4, 'gross')).toBe('#REF!');
    expect(await tooltipOf(4, 'gross')).toBe('Refers to row 40, beyond the last row (4) (formula: [40]+1)');
    await typeInto(page, 0, 'gross', '1+');
    await expect.poll(() => cellText(page, 0, 'gross')).toBe('#VALUE!');
  });

  it('copies the gross of a row in error as its formula and its computed cells as the code', async () => {
    await openPricing([100, '[0]+1']);
    await typeInto(page, 1, 'gross', '[0]/0');
    await expect.poll(() => cellText(page, 1, 'net')).toBe('#DIV/0!');
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Control+C');
    await expect.poll(clipboard).toBe('=[0]/0');
    await priceCell(page, 1, 'net').click();
    await page.keyboard.press('Control+C');
    await expect.poll(clipboard).toBe('#DIV/0!');
  });
});
