import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
import { closeNotices, e2eServer, openLoggedInPage } from '../helpers/browser.js';
import { apiCaller, findPricedSeason, pasteText, saveWithThreeClicks, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let call: Awaited<ReturnType<typeof apiCaller>>;
/** Not a season another browser test edits, so the files can share one server. */
let season: PricedSeason;

const STORED = [
  { order: 1, percent: 100, output_quantity: 1, output_min: 0, output_max: 5 },
  { order: 2, percent: 50, output_quantity: 1, output_min: 6, output_max: 13 },
];

const reductionsPath = () => `tour-reductions/${season.tourId}/${season.seasonId}`;

beforeAll(async () => {
  call = await apiCaller();
  season = await findPricedSeason(call, 5);
  const current = await call<ReductionsList>('GET', reductionsPath());
  await call('PUT', reductionsPath(), {
    version: current.tour_season.version,
    reductions: STORED,
    removed_ids: current.reductions.map((reduction) => reduction.id),
  });
  ({ browser, page } = await openLoggedInPage());
});
afterAll(() => browser.close());

const grid = () => page.getByRole('region', { name: 'Reductions' });
const cell = (row: number, colId: string) => grid().locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
const textOf = async (row: number, colId: string) => (await cell(row, colId).textContent())?.trim() ?? '';
const rowTexts = (row: number, colIds: readonly string[]) => Promise.all(colIds.map((colId) => textOf(row, colId)));
const INPUTS = ['input_quantity', 'input_min', 'input_max'] as const;

async function typeInto(row: number, colId: string, text: string) {
  await cell(row, colId).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Types `text` into a cell that refuses it: the reason shows, and Escape leaves the cell showing `shown`. */
async function typeRefused(row: number, colId: string, text: string, reason: string, shown: string) {
  await typeInto(row, colId, text);
  await page
    .getByText(`: ${reason}`, { exact: false })
    .filter({ hasText: new RegExp(`^Row ${row}, `) })
    .first()
    .waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => textOf(row, colId)).toBe(shown);
}

describe('the reductions grid', () => {
  it('takes typing, a pasted block and Ctrl+Z like the pricing grid, and the save comes back after a reload', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/reductions?season=${season.seasonId}`);
    await cell(1, 'percent').waitFor();
    expect([await textOf(0, 'percent'), await textOf(1, 'percent')]).toEqual(['100', '50']);

    await typeInto(0, 'percent', '75');
    await expect.poll(() => textOf(0, 'percent')).toBe('75');

    // A block copied from a spreadsheet: two rows of input quantity, min age and max age.
    await cell(0, 'input_quantity').click();
    await pasteText(page, '2\t18\t99\n3\t21\t65');
    await expect.poll(() => rowTexts(1, INPUTS)).toEqual(['3', '21', '65']);
    expect(await rowTexts(0, INPUTS)).toEqual(['2', '18', '99']);

    // Ctrl+Z takes the whole paste back in one step, Ctrl+Y puts it back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowTexts(1, INPUTS)).toEqual(['', '', '']);
    expect(await rowTexts(0, INPUTS)).toEqual(['', '', '']);
    await expect.poll(() => textOf(0, 'percent')).toBe('75');
    await page.keyboard.press('Control+y');
    await expect.poll(() => rowTexts(1, INPUTS)).toEqual(['3', '21', '65']);

    // Text that is not a number is refused in the cell, with the reason; so are money finer than
    // pence and a percent past 100, as the server would (issue 30 item 6).
    await typeRefused(1, 'reduction_cost', 'about 40', 'Not a number', '');
    await typeRefused(1, 'reduction_cost', '12.345', 'At most two decimals: 12.345 has three', '');
    await typeRefused(1, 'percent', '150', 'Percent is 0 to 100', '50');
    // The three refusals' notices sit over the toolbar's Save.
    await closeNotices(page);

    expect(await page.getByRole('button', { name: /^Save/ }).textContent()).toBe('Save 2 rows');
    await saveWithThreeClicks(page);
    const stored = await call<ReductionsList>('GET', reductionsPath());
    expect(
      stored.reductions.map((reduction) => [
        reduction.order,
        reduction.percent,
        reduction.input_quantity,
        reduction.input_min,
        reduction.input_max,
        reduction.output_max,
      ]),
    ).toEqual([
      [1, 75, 2, 18, 99, 5],
      [2, 50, 3, 21, 65, 13],
    ]);

    await page.reload();
    await cell(1, 'percent').waitFor();
    expect([await textOf(0, 'percent'), await textOf(1, 'percent')]).toEqual(['75', '50']);
    expect([await rowTexts(0, INPUTS), await rowTexts(1, INPUTS)]).toEqual([
      ['2', '18', '99'],
      ['3', '21', '65'],
    ]);
  });

  it('keeps a typed Order and lists the reductions by it once saved, as the toolbar says', async () => {
    await page.getByText('2 reductions, listed by Order once saved').waitFor();
    await typeInto(1, 'order', '0');
    await page.getByRole('button', { name: 'Save 1 row' }).click();
    await page.getByRole('button', { name: 'Are you sure?' }).click();
    await page.getByRole('button', { name: 'Saving' }).click();
    await expect.poll(() => textOf(0, 'percent')).toBe('50');
    expect([await textOf(0, 'order'), await textOf(1, 'order'), await textOf(1, 'percent')]).toEqual(['0', '1', '75']);
    const stored = await call<ReductionsList>('GET', reductionsPath());
    expect(stored.reductions.map((reduction) => [reduction.order, reduction.percent])).toEqual([
      [0, 50],
      [1, 75],
    ]);
  });
});
