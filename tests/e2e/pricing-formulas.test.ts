// Issue 17, Formulas, in Chromium: spreadsheet functions typed into Gross, and Find & Replace
// that previews (count and highlight) what it will change before it changes anything.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

async function openPricing(grosses: (number | string)[]) {
  await resetPrices(call, season, grosses);
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
  await priceCell(page, 0, 'gross').waitFor();
}

const highlighted = () => page.locator('.price-grid .ag-cell.find-match');

describe('gross formulas with spreadsheet functions', () => {
  it('shows the value of ROUND([0]*1.05,0) and of SUM over a range', async () => {
    await openPricing([675, 500, 400, 300]);
    await typeInto(page, 1, 'gross', 'ROUND([0]*1.05,0)');
    await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(709));
    await typeInto(page, 3, 'gross', 'SUM([0]:[2])');
    await expect.poll(() => cellText(page, 3, 'gross')).toBe(local(675 + 709 + 400));
  });

  it('refuses VLOOKUP naming the function and leaves the cell as it was', async () => {
    await typeInto(page, 2, 'gross', 'VLOOKUP(1)');
    await page
      .getByText(/Unknown function VLOOKUP/)
      .first()
      .waitFor();
    // The cell stays open with what was typed until Escape, which leaves it as it was.
    await page.keyboard.press('Escape');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(400));
  });
});

describe('find and replace', () => {
  it('previews the count and highlights the cells that match the entire cell before replacing them', async () => {
    await openPricing([675, 1675, 675, 300]);
    await page.getByRole('button', { name: 'Find & Replace' }).click();
    await page.getByLabel('Find', { exact: true }).fill('675');
    await page.getByLabel('Replace with').fill('700');
    await page.getByLabel('Match entire cell').check();
    await page.getByLabel('Replace with').press('Enter');
    await page.getByText('2 cells will change').waitFor();
    await expect.poll(() => highlighted().count()).toBe(2);
    expect(await priceCell(page, 0, 'gross').getAttribute('class')).toContain('find-match');
    expect(await priceCell(page, 1, 'gross').getAttribute('class')).not.toContain('find-match');
    // Nothing changed yet: the preview only shows.
    expect([await cellText(page, 0, 'gross'), await cellText(page, 2, 'gross')]).toEqual([local(675), local(675)]);

    await page.getByRole('button', { name: 'Replace 2 cells' }).click();
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(700));
    expect([await cellText(page, 0, 'gross'), await cellText(page, 1, 'gross')]).toEqual([local(700), local(1675)]);
    await expect.poll(() => highlighted().count()).toBe(0);
  });

  it('replaces within formulas only when asked to', async () => {
    await openPricing([675, 'ROUND([0]*1.05,0)', 300]);
    await page.getByRole('button', { name: 'Find & Replace' }).click();
    await page.getByLabel('Find', { exact: true }).fill('1.05');
    await page.getByLabel('Replace with').fill('1.06');
    await page.getByLabel('Replace with').press('Enter');
    await page.getByText('0 cells will change').waitFor();
    await page.getByLabel('In formulas').check();
    await page.getByLabel('Replace with').press('Enter');
    await page.getByText('1 cell will change').waitFor();
    await page.getByLabel('Replace with').press('Enter');
    await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(716));
  });
});
