import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '../../src/domain/format-money.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
import { closeNotices, e2eServer } from '../helpers/browser.js';
import { cellText, openPricingSession, priceCell, resetPrices, saveWithThreeClicks, typeInto, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ skip: 2 }));
  await resetPrices(call, season, [675, 500, 400, 300]);
});
afterAll(() => browser.close());

/** A gross as the history shows it: in the season's currency, as the grid does (issue 28). */
const shownGross = (amount: number) => formatMoney(amount, season.context.currency?.symbol ?? '');

const storedGrosses = async () =>
  (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories.flatMap((category) =>
    category.prices.map((price) => price.gross),
  );

describe('the price history of the pricing tab', () => {
  it('lists a save of three cells with its author, shows before and after, and restores them for a save that puts the prices back', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 0, 'gross').waitFor();
    await typeInto(page, 0, 'gross', '700');
    await typeInto(page, 1, 'gross', '550');
    await typeInto(page, 3, 'gross', '350');
    await saveWithThreeClicks(page);
    expect(await storedGrosses()).toEqual([700, 550, 400, 350]);

    await closeNotices(page);
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price history' });
    const latest = dialog.getByRole('row').nth(1);
    await expect.poll(() => latest.getByRole('cell').nth(1).textContent()).toBe(e2eServer().email);
    expect(await latest.getByRole('cell').nth(3).textContent()).toBe('3');
    await latest.getByRole('button').click();
    const grossRows = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross', exact: true }) });
    await expect.poll(() => grossRows.count()).toBe(3);
    expect(await grossRows.nth(0).getByRole('cell').allTextContents()).toEqual(['[0]', 'Gross', shownGross(675), shownGross(700)]);

    await dialog.getByRole('button', { name: 'Restore these values' }).click();
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
    await expect.poll(() => cellText(page, 1, 'gross')).toContain('500');
    await expect.poll(() => cellText(page, 3, 'gross')).toContain('300');
    // One undo step takes the whole restore back, and Ctrl+Y puts it again.
    await priceCell(page, 2, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('700');
    await expect.poll(() => cellText(page, 3, 'gross')).toContain('350');
    await page.keyboard.press('Control+y');
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
    await saveWithThreeClicks(page);
    expect(await storedGrosses()).toEqual([675, 500, 400, 300]);

    await closeNotices(page);
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
    expect((await grossChanges.nth(0).getByRole('cell').allTextContents()).slice(3)).toEqual(['Gross', shownGross(700), shownGross(675)]);
    expect((await grossChanges.nth(1).getByRole('cell').allTextContents()).slice(3)).toEqual(['Gross', shownGross(675), shownGross(700)]);
  });
});

describe('the price history of the reductions tab', () => {
  const reductionsPath = () => `tour-reductions/${season.tourId}/${season.seasonId}`;
  const grid = () => page.getByRole('region', { name: 'Reductions' });
  const cell = (row: number, colId: string) => grid().locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
  const textOf = async (row: number, colId: string) => (await cell(row, colId).textContent())?.trim() ?? '';
  const storedAmounts = async () => (await call<ReductionsList>('GET', reductionsPath())).reductions.map((reduction) => [reduction.percent, reduction.cost]);

  it('lists a reductions save, shows its amounts before and after, and restores them for a save that puts them back', async () => {
    const current = await call<ReductionsList>('GET', reductionsPath());
    await call('PUT', reductionsPath(), {
      version: current.tour_season.version,
      reductions: [
        { order: 1, percent: 100, output_quantity: 1, output_min: 0, output_max: 5 },
        { order: 2, percent: 50, output_quantity: 1, output_min: 6, output_max: 13 },
      ],
      removed_ids: current.reductions.map((reduction) => reduction.id),
    });
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/reductions?season=${season.seasonId}`);
    await cell(1, 'percent').waitFor();
    await cell(0, 'percent').click();
    await page.keyboard.type('75');
    await page.keyboard.press('Enter');
    await cell(1, 'reduction_cost').click();
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await saveWithThreeClicks(page);
    expect(await storedAmounts()).toEqual([
      [75, null],
      [50, 20],
    ]);

    await closeNotices(page);
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price history' });
    const latest = dialog.getByRole('row').nth(1);
    await expect.poll(() => latest.getByRole('cell').nth(1).textContent()).toBe(e2eServer().email);
    expect(await latest.getByRole('cell').nth(2).textContent()).toBe('Reductions save');
    expect(await latest.getByRole('cell').nth(3).textContent()).toBe('2');
    await latest.getByRole('button').click();
    const changed = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: /^(Percent|Cost)$/ }) });
    await expect.poll(() => changed.count()).toBe(2);
    expect(await changed.nth(0).getByRole('cell').allTextContents()).toEqual(['[0]', 'Percent', '100', '75']);
    expect((await changed.nth(1).getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['[1]', 'Cost', '—']);

    await dialog.getByRole('button', { name: 'Restore these values' }).click();
    await expect.poll(() => textOf(0, 'percent')).toBe('100');
    await expect.poll(() => textOf(1, 'reduction_cost')).toBe('');
    await saveWithThreeClicks(page);
    expect(await storedAmounts()).toEqual([
      [100, null],
      [50, null],
    ]);

    // The cell's own history: both saves, newest first.
    await cell(0, 'percent').click({ button: 'right' });
    await page.getByRole('menuitem', { name: /History of this cell/ }).click();
    const cellDialog = page.getByRole('dialog', { name: 'History of row [0]' });
    const percentChanges = cellDialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Percent', exact: true }) });
    await expect.poll(() => percentChanges.count()).toBeGreaterThanOrEqual(2);
    expect((await percentChanges.nth(0).getByRole('cell').allTextContents()).slice(3)).toEqual(['Percent', '75', '100']);
    expect((await percentChanges.nth(1).getByRole('cell').allTextContents()).slice(3)).toEqual(['Percent', '100', '75']);
  });
});

describe('the price history of the supplements tab', () => {
  const partyPath = () => `tour-extras/${season.tourId}/${season.seasonId}/party`;
  type PartyList = { tour_season: { version: number }; extras: { id: number; variations: { gross: number }[] }[] };
  const storedGross = async () => (await call<PartyList>('GET', partyPath())).extras.flatMap((extra) => extra.variations.map((variation) => variation.gross));

  it('lists a supplements save with its author, restores it, and the cell history names the supplement', async () => {
    const current = await call<PartyList>('GET', partyPath());
    await call('PUT', partyPath(), {
      version: current.tour_season.version,
      extras: [{ name: 'History check', guidance: 2, nights: 7, order: 1, variations: [{ gross: 100, markup_rate_id: season.context.model!.rates[0].id }] }],
      removed_ids: current.extras.map((extra) => extra.id),
    });
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/party-extras?season=${season.seasonId}`);
    const card = page.getByRole('region', { name: /^Supplement 1: History check$/ });
    const gross = card.locator('.ag-row[row-index="0"] .ag-cell[col-id="gross"]');
    await gross.click();
    await page.keyboard.type('130');
    await page.keyboard.press('Enter');
    await saveWithThreeClicks(page);
    expect(await storedGross()).toEqual([130]);

    await closeNotices(page);
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price history' });
    const latest = dialog.getByRole('row').nth(1);
    await expect.poll(() => latest.getByRole('cell').nth(1).textContent()).toBe(e2eServer().email);
    expect(await latest.getByRole('cell').nth(2).textContent()).toBe('Supplements save');
    expect(await latest.getByRole('cell').nth(3).textContent()).toBe('1');
    await latest.getByRole('button').click();
    const grossRows = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross', exact: true }) });
    await expect.poll(() => grossRows.count()).toBe(1);
    expect(await grossRows.nth(0).getByRole('cell').allTextContents()).toEqual(['Supplement 1 [0]', 'Gross', shownGross(100), shownGross(130)]);
    await dialog.getByRole('button', { name: 'Restore these values' }).click();
    await expect.poll(async () => (await gross.textContent()) ?? '').toContain('100');
    await saveWithThreeClicks(page);
    expect(await storedGross()).toEqual([100]);

    await closeNotices(page);
    await gross.click({ button: 'right' });
    await page.getByRole('menuitem', { name: /History of this cell/ }).click();
    const cellDialog = page.getByRole('dialog', { name: 'History of row Supplement 1 [0]' });
    const grossChanges = cellDialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross', exact: true }) });
    await expect.poll(() => grossChanges.count()).toBeGreaterThanOrEqual(2);
    expect((await grossChanges.nth(0).getByRole('cell').allTextContents()).slice(3)).toEqual(['Gross', shownGross(130), shownGross(100)]);
  });
});
