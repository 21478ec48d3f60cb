import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { e2eServer } from '../helpers/browser.js';
import { cellText, openPricingSession, priceCell, resetPrices, typeInto, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ skip: 2 }));
  await resetPrices(call, season, [675, 500, 400, 300]);
});
afterAll(() => browser.close());

const storedGrosses = async () =>
  (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories.flatMap((category) =>
    category.prices.map((price) => price.gross),
  );

async function saveWithThreeClicks() {
  await page.getByRole('button', { name: /^Save \d+ rows?$/ }).click();
  await page.getByRole('button', { name: 'Are you sure?' }).click();
  await page.getByRole('button', { name: 'Saving' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
}

describe('the price history of the pricing tab', () => {
  it('lists a save of three cells with its author, shows before and after, and restores them for a save that puts the prices back', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 0, 'gross').waitFor();
    await typeInto(page, 0, 'gross', '700');
    await typeInto(page, 1, 'gross', '550');
    await typeInto(page, 3, 'gross', '350');
    await saveWithThreeClicks();
    expect(await storedGrosses()).toEqual([700, 550, 400, 350]);

    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price history' });
    const latest = dialog.getByRole('row').nth(1);
    await expect.poll(() => latest.getByRole('cell').nth(1).textContent()).toBe(e2eServer().email);
    expect(await latest.getByRole('cell').nth(3).textContent()).toBe('3');
    await latest.getByRole('button').click();
    const grossRows = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross', exact: true }) });
    await expect.poll(() => grossRows.count()).toBe(3);
    expect(await grossRows.nth(0).getByRole('cell').allTextContents()).toEqual(['[0]', 'Gross', '675', '700']);

    await dialog.getByRole('button', { name: 'Restore these values' }).click();
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
    expect(await cellText(page, 1, 'gross')).toContain('500');
    expect(await cellText(page, 3, 'gross')).toContain('300');
    // One undo step takes the whole restore back, and Ctrl+Y puts it again.
    await priceCell(page, 2, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('700');
    expect(await cellText(page, 3, 'gross')).toContain('350');
    await page.keyboard.press('Control+y');
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
    await saveWithThreeClicks();
    expect(await storedGrosses()).toEqual([675, 500, 400, 300]);

    await page.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => dialog.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    expect(await dialog.getByRole('row').nth(1).getByRole('cell').nth(3).textContent()).toBe('3');
    await page.keyboard.press('Escape');

    // The cell's own history, from its context menu: both saves, newest first.
    await priceCell(page, 0, 'gross').click({ button: 'right' });
    await page.getByRole('menuitem', { name: /History of this cell/ }).click();
    const cellDialog = page.getByRole('dialog', { name: 'History of row [0]' });
    const grossChanges = cellDialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross', exact: true }) });
    await expect.poll(() => grossChanges.count()).toBeGreaterThanOrEqual(2);
    expect((await grossChanges.nth(0).getByRole('cell').allTextContents()).slice(3)).toEqual(['Gross', '700', '675']);
    expect((await grossChanges.nth(1).getByRole('cell').allTextContents()).slice(3)).toEqual(['Gross', '675', '700']);
  });
});
