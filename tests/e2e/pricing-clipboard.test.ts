import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { rateOptions } from '../../src/screens/tour-season/rate-options.js';
import { e2eServer } from '../helpers/browser.js';
import {
  findPricedSeason,
  cellText,
  openPricingSession,
  pasteText,
  priceCell,
  resetPrices,
  typeInto,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

// Ctrl+C, Ctrl+X and Ctrl+V in the pricing grid, through Chromium's real clipboard.

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

const COLUMNS = ['gross', 'non_com', 'markup_rate_id', 'net', 'subtotal', 'adjustment', 'cost', 'profit'] as const;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ clipboard: true }));
});
afterAll(() => browser.close());

const rates = () => season.context.model!.rates;
const firstRate = () => rates()[0];
const label = (rateId: number) => rateOptions(rates()).find((option) => option.value === rateId)!.label;
const local = (value: number) => formatMoney(value, season.context.currency!.symbol);

/** What the grid shows for a row of these inputs. */
function expected(gross: number, non_com = 0, adjustment = 0, rateId = firstRate().id) {
  const result = computePrice({ gross, non_com, adjustment, markup_rate_id: rateId }, resolveRate(rates(), rateId), season.context.currency!.rate, 'tour');
  return {
    gross: local(gross),
    non_com: local(non_com),
    markup_rate_id: label(rateId),
    net: local(result.net),
    subtotal: formatMoney(result.subtotal),
    adjustment: formatMoney(adjustment),
    cost: formatMoney(result.cost),
    profit: formatMoney(result.profit),
  };
}

const rowCells = async (index: number) =>
  Object.fromEntries(await Promise.all(COLUMNS.map(async (colId) => [colId, await cellText(page, index, colId)] as const)));

async function openSeason(grosses: readonly (number | string)[]) {
  await resetPrices(call, season, grosses);
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
  await priceCell(page, 0, 'gross').waitFor();
}

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
const setClipboard = (text: string) => page.evaluate((clip) => navigator.clipboard.writeText(clip), text);

/** Whether each cell of these rows and columns has the dashed outline of a cut. */
const outlined = (rows: readonly number[], colIds: readonly string[]) =>
  Promise.all(
    rows.map((index) => Promise.all(colIds.map((colId) => priceCell(page, index, colId).evaluate((cell) => getComputedStyle(cell).outlineStyle === 'dashed')))),
  );

/** The selection's background (price-grid-columns.ts), which a cell has once its range is set. */
const SELECTED = 'rgb(219, 231, 253)';
const isSelected = (cell: Locator) => cell.evaluate((element, selected) => getComputedStyle(element).backgroundColor === selected, SELECTED);

/**
 * Clicks a cell, then Shift+clicks another: the rectangle between them is selected. AG Grid
 * reports the focus late, so the far cell's highlight is awaited before a key acts on the range.
 */
async function select(from: Locator, to: Locator) {
  await from.click();
  await to.click({ modifiers: ['Shift'] });
  await expect.poll(() => isSelected(to)).toBe(true);
}

describe('pasting a block into the pricing grid', () => {
  it('lands an Excel row copied from Gross to Profit column for column, skipping the computed columns', async () => {
    await openSeason([675, 500]);
    const commission = `${firstRate().commission}%`;
    await priceCell(page, 0, 'gross').click();
    // Gross, Non-com, Commission, Net, Subtotal, Adjustment, Cost, Profit as Excel copies them.
    await pasteText(page, `1000\t0\t${commission}\t800\t974\t0\t974\t237\r\n`);
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(1000));
    await expect.poll(() => rowCells(0)).toEqual(expected(1000));
    await expect.poll(() => rowCells(1)).toEqual(expected(500));
  });

  it('reproduces the inputs when a block copied out of the grid with Ctrl+C is pasted elsewhere', async () => {
    await openSeason([675, 500, 400, 300, 200]);
    const other = rates().find((rate) => rate.commission !== firstRate().commission) ?? firstRate();
    await typeInto(page, 0, 'non_com', '25.5');
    await typeInto(page, 0, 'adjustment', '12');
    await typeInto(page, 1, 'gross', '=[0]+10');
    await typeInto(page, 1, 'adjustment', '-3.25');
    // A double click opens the commission's list; a click on a choice stores it.
    await priceCell(page, 1, 'markup_rate_id').dblclick();
    await page
      .getByRole('listbox', { name: 'Commission of row 1' })
      .getByRole('option', { name: label(other.id), exact: true })
      .click();
    await expect.poll(() => cellText(page, 1, 'markup_rate_id')).toBe(label(other.id));
    const source = [expected(675, 25.5, 12), expected(685, 0, -3.25, other.id)];
    expect([await rowCells(0), await rowCells(1)]).toEqual(source);

    await select(priceCell(page, 0, 'gross'), priceCell(page, 1, 'adjustment'));
    await page.keyboard.press('Control+C');
    await priceCell(page, 3, 'gross').click();
    await page.keyboard.press('Control+V');

    await expect.poll(() => rowCells(4)).toEqual(source[1]);
    await expect.poll(() => rowCells(3)).toEqual(source[0]);
    // The formula came across as a formula, not as its value, its reference moved down with it
    // (three rows, as Excel moves a relative reference), so it still reads the row above it.
    await priceCell(page, 0, 'gross').click();
    await priceCell(page, 4, 'gross').hover();
    await page.getByText('Formula: [3]+10').waitFor();
  });
});

describe('commission on the clipboard', () => {
  it('copies a Commission cell as its percentage, not the rate id', async () => {
    await openSeason([675]);
    await priceCell(page, 0, 'markup_rate_id').click();
    await page.keyboard.press('Control+C');
    expect(await clipboard()).toBe(`${firstRate().commission}%`);
  });

  it('refuses a pasted commission that is no rate of the model, naming the row and column, and leaves the row as it was', async () => {
    await openSeason([675]);
    const absent = [1, 2, 3, 4, 6, 7, 99].find((value) => !rates().some((rate) => rate.commission === value))!;
    const before = await rowCells(0);
    await priceCell(page, 0, 'markup_rate_id').click();
    await setClipboard(String(absent));
    await page.keyboard.press('Control+V');
    await page.getByText(`Row 0, Commission: no rate of ${absent}% in the season's model`).waitFor();
    await expect.poll(() => rowCells(0)).toEqual(before);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });
});

describe('cutting a block', () => {
  it('moves the cut cells on paste and takes the move back with one Ctrl+Z', async () => {
    await openSeason([675, 500, 400, 300, 200]);
    await select(priceCell(page, 0, 'gross'), priceCell(page, 1, 'non_com'));
    await page.keyboard.press('Control+X');
    // Nothing changes before the paste lands; the cut cells are outlined until then.
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(675));
    await expect
      .poll(() => outlined([0, 1, 2], ['gross', 'non_com', 'markup_rate_id']))
      .toEqual([
        [true, true, false],
        [true, true, false],
        [false, false, false],
      ]);
    await priceCell(page, 3, 'gross').click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => cellText(page, 4, 'gross')).toBe(local(500));
    // A cleared gross is blank and missing (as after Delete); a cleared non-com shows nothing.
    expect([await cellText(page, 3, 'gross'), await cellText(page, 0, 'gross'), await cellText(page, 1, 'gross'), await cellText(page, 1, 'non_com')]).toEqual([
      local(675),
      '',
      '',
      '',
    ]);
    expect(await outlined([0, 1], ['gross', 'non_com'])).toEqual([
      [false, false],
      [false, false],
    ]);

    await page.keyboard.press('Control+Z');
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(675));
    expect([await cellText(page, 1, 'gross'), await cellText(page, 3, 'gross'), await cellText(page, 4, 'gross')]).toEqual([
      local(500),
      local(300),
      local(200),
    ]);
  });

  it('pastes a cut block as a copy once Escape has dropped the cut', async () => {
    await openSeason([675, 500, 400]);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+X');
    await expect.poll(() => outlined([0], ['gross'])).toEqual([[true]]);
    await page.keyboard.press('Escape');
    await expect.poll(() => outlined([0], ['gross'])).toEqual([[false]]);
    await priceCell(page, 2, 'gross').click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(675));
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(675));
  });

  it('pastes a cut block as a copy once an edit has dropped the cut', async () => {
    await openSeason([675, 500, 400]);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+X');
    await typeInto(page, 1, 'gross', '510');
    await expect.poll(() => outlined([0], ['gross'])).toEqual([[false]]);
    await priceCell(page, 2, 'gross').click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(675));
    await expect.poll(() => cellText(page, 0, 'gross')).toBe(local(675));
  });
});

describe('the bikes grid', () => {
  it('pastes a bike row copied with Ctrl+C elsewhere with the same bike, nights and prices', async () => {
    const bikesPath = `tour-bikes/${season.tourId}/${season.seasonId}`;
    const bikes = await call<{ id: number; name: string }[]>('GET', 'bikes');
    const before = await call<{ tour_season: { version: number }; bikes: { id: number }[] }>('GET', bikesPath);
    const row = (bikeId: number, order: number, nights: number | null, gross: number, non_com: number, adjustment: number) => ({
      bike_id: bikeId,
      order,
      nights,
      gallery_id: null,
      boat_id: null,
      formula: null,
      gross,
      non_com,
      adjustment,
      markup_rate_id: firstRate().id,
    });
    const other = bikes[1] ?? bikes[0];
    await call('PUT', bikesPath, {
      version: before.tour_season.version,
      removed_ids: before.bikes.map((stored) => stored.id),
      bikes: [row(bikes[0].id, 1, 3, 110, 5, 2), row(other.id, 2, null, 220, 0, 0), row(other.id, 3, null, 330, 0, 0)],
    });
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
    const cell = (index: number, colId: string) => page.locator(`.price-grid .ag-row[row-index="${index}"] .ag-cell[col-id="${colId}"]`);
    const columns = ['order', 'bike_id', 'nights', 'gallery_id', ...COLUMNS];
    const cells = (index: number) => Promise.all(columns.map(async (colId) => ((await cell(index, colId).textContent()) ?? '').trim()));
    await cell(2, 'gross').waitFor();
    const source = await cells(0);
    expect(source.slice(1, 3)).toEqual([bikes[0].name, '3']);

    await select(cell(0, 'order'), cell(0, 'profit'));
    await page.keyboard.press('Control+C');
    await cell(2, 'order').click();
    await page.keyboard.press('Control+V');

    // Order is the row's position (read-only), so row 2 keeps its own; every other cell is the source's.
    await expect.poll(() => cells(2)).toEqual(['3', ...source.slice(1)]);
  });
});

describe('a supplement grid', () => {
  it('pastes a variation copied with Ctrl+C onto another with the same category, bike, pax and prices', async () => {
    // Not a season another browser test edits, so the files can share one server.
    const extras = await findPricedSeason(call, 4);
    const path = `tour-extras/${extras.tourId}/${extras.seasonId}/party`;
    const party = await call<{ tour_season: { version: number }; extras: { id: number }[] }>('GET', path);
    await call('PUT', path, { version: party.tour_season.version, extras: [], removed_ids: party.extras.map((extra) => extra.id) });
    await page.goto(`${e2eServer().baseUrl}/tours/${extras.tourId}/party-extras?season=${extras.seasonId}`);
    await page.getByRole('button', { name: 'Add Supplement' }).click();
    await page.getByLabel('Name of supplement 1').fill('Clipboard trip');
    const card = page.getByRole('region', { name: /^Supplement 1: Clipboard trip$/ });
    await card.getByRole('button', { name: 'Add variation' }).click();
    const cell = (index: number, colId: string) => card.locator(`.ag-row[row-index="${index}"] .ag-cell[col-id="${colId}"]`);
    const columns = ['accommodation_category_id', 'bike_id', 'min_pax', 'max_pax', ...COLUMNS];
    const cells = (index: number) => Promise.all(columns.map(async (colId) => ((await cell(index, colId).textContent()) ?? '').trim()));
    const type = async (index: number, colId: string, text: string) => {
      await cell(index, colId).click();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    };
    await type(0, 'min_pax', '2');
    await type(0, 'max_pax', '6');
    await type(0, 'gross', '=120+5');
    await type(0, 'non_com', '10');
    await type(0, 'adjustment', '1.5');
    await type(1, 'gross', '99');
    await expect.poll(() => cell(0, 'gross').textContent()).toBe(formatMoney(125, extras.context.currency!.symbol));
    const source = await cells(0);

    await select(cell(0, 'accommodation_category_id'), cell(0, 'profit'));
    await page.keyboard.press('Control+C');
    await cell(1, 'accommodation_category_id').click();
    await page.keyboard.press('Control+V');

    await expect.poll(() => cells(1)).toEqual(source);
  });
});
