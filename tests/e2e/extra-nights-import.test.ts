// Import xlsx on the extra nights tab (issue 21), in the browser: the tab's own export, edited with
// exceljs as in Excel (a changed gross in one extra night, a row with its own Start and End added
// to another), the preview of both, Accept staging them, 'Undo import' taking the import back out
// of both extras' grids in one go (and refusing once one was edited since), then the usual save;
// and 'Undo replace' for a Replace all across both extras.

import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import { openLoggedInPage, textOf } from '../helpers/browser.js';
import { apiCaller, findPricedSeason, saveWithThreeClicks, seasonTabUrl, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let call: Caller;
let season: PricedSeason;
let edits = 0;

const roomPath = () => `tour-extras/${season.tourId}/${season.seasonId}/room`;

/** Two extra nights: A with two dated variations (the second =[0]-10), B with one. */
async function resetExtraNights() {
  const rate = season.context.model!.rates[0].id;
  const variation = (start: string, end: string, gross: number | string) => ({
    start,
    end,
    room_type_id: null,
    accommodation_category_id: null,
    gross: typeof gross === 'number' ? gross : 0,
    formula: typeof gross === 'string' ? gross : null,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: rate,
  });
  const list = await call<RoomExtrasList>('GET', roomPath());
  await call('PUT', roomPath(), {
    version: list.tour_season.version,
    removed_ids: list.extras.map((extra) => extra.id),
    extras: [
      {
        name: 'Sheet nights A',
        pre: true,
        post: true,
        variations: [variation('2026-05-01', '2026-05-30', 90), variation('2026-06-01', '2026-06-30', '[0]-10')],
      },
      { name: 'Sheet nights B', pre: true, post: false, variations: [variation('2026-07-01', '2026-07-31', 60)] },
    ],
  });
}

beforeAll(async () => {
  call = await apiCaller();
  // A season no other browser test edits (6 is the bikes and supplements import's).
  season = await findPricedSeason(call, 7);
  ({ browser, page } = await openLoggedInPage());
});
afterAll(() => browser.close());

const dialog = () => page.getByRole('dialog');
const cell = (scope: Locator, row: number, col: string) => scope.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);
// Gross is not pinned: one cell a row.
const rowsOf = (scope: Locator) => scope.locator('.ag-row .ag-cell[col-id="gross"]');
const saveButton = () => page.locator('.toolbar-end button').last();
const undoImport = () => page.getByRole('button', { name: 'Undo import' });
const cardA = () => page.getByRole('region', { name: 'Extra night 1: Sheet nights A' });
const cardB = () => page.getByRole('region', { name: 'Extra night 2: Sheet nights B' });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * The tab's Export xlsx with B's gross (its one row) changed to 65, and a row added to A (a copy
 * of its first row without its Variation id) with gross 120 and its own dates: Start as a date
 * cell, End as dd/mm/yyyy text.
 */
async function exportedAndEdited(): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export xlsx' }).click()]);
  const path = `${await download.path()}-${(edits += 1)}.xlsx`;
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Extra nights')!;
  const column = (header: string) => (sheet.getRow(1).values as ExcelJS.CellValue[]).indexOf(header);
  const at = (row: number, header: string) => sheet.getRow(row).getCell(column(header));
  // Rows 2-3 are A's variations, row 4 is B's.
  expect(at(4, 'Extra night').value).toBe('Sheet nights B');
  at(4, 'Gross').value = 65;
  sheet.getRow(5).values = sheet.getRow(2).values;
  at(5, 'Variation id').value = null;
  at(5, 'Gross').value = 120;
  at(5, 'Start').value = new Date(Date.UTC(2026, 7, 3));
  at(5, 'End').value = '09/08/2026';
  await workbook.xlsx.writeFile(path);
  return path;
}

async function importAndAccept(path: string) {
  await page.setInputFiles('input[aria-label="Extra nights sheet to import"]', path);
  await dialog().waitFor();
  await dialog().getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('65');
}

/** The three clicks of SPEC.md section 4. */
describe('the extra nights tab import', () => {
  it('previews a changed gross and an added dated row, stages both, and undoes the import in both extras in one go', async () => {
    await resetExtraNights();
    await page.goto(seasonTabUrl(season, 'room-extras'));
    await cell(cardB(), 0, 'gross').waitFor();
    const stored = await call<RoomExtrasList>('GET', roomPath());
    const [a, b] = stored.extras;

    await page.setInputFiles('input[aria-label="Extra nights sheet to import"]', await exportedAndEdited());
    await dialog().waitFor();
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['4', `Extra night ${b.id} [0]`, 'Gross', '60', '65']);
    const added = dialog().getByRole('table', { name: 'Added rows' }).locator('tbody tr td');
    // Sheet row, Extra night id, Start, End, Room, Category, Gross.
    expect(await added.allTextContents()).toEqual(['5', String(a.id), '2026-08-03', '2026-08-09', '—', '—', '120']);
    await dialog().getByRole('button', { name: 'Accept' }).click();

    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('65');
    await expect.poll(() => textOf(cell(cardA(), 2, 'gross'))).toContain('120');
    // The added row's dates are the sheet's, not those of the row above (01/06 – 30/06/2026).
    await expect.poll(() => textOf(cell(cardA(), 2, 'start'))).toBe('03/08 – 09/08/2026');
    await expect.poll(() => saveButton().textContent()).toBe('Save 2 rows');

    // Keyboard reachable: focused and pressed with Enter.
    await undoImport().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('60');
    await expect.poll(() => rowsOf(cardA()).count()).toBe(2);
    await expect.poll(() => saveButton().textContent()).toBe('Save');
    expect(await undoImport().count()).toBe(0);
  });

  it('refuses to undo the import once an extra it touched was edited since, naming it and changing nothing', async () => {
    await resetExtraNights();
    await page.goto(seasonTabUrl(season, 'room-extras'));
    await cell(cardB(), 0, 'gross').waitFor();
    await importAndAccept(await exportedAndEdited());
    await cell(cardB(), 0, 'non_com').click();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(cell(cardB(), 0, 'non_com'))).toContain('5');
    await undoImport().click();
    await expect.poll(() => toast('Extra night 2 has been edited since the import: undo there with Ctrl+Z').count()).toBe(1);
    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('65');
    expect(await rowsOf(cardA()).count()).toBe(3);
    // Ctrl+Z in each grid still works: B's edit, then B's part of the import.
    await cell(cardB(), 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('60');
  });

  it('undoes a Replace all across both extras in one go, with Undo replace', async () => {
    await resetExtraNights();
    await page.goto(seasonTabUrl(season, 'room-extras'));
    await cell(cardB(), 0, 'gross').waitFor();
    await page.getByRole('button', { name: 'Find & Replace' }).click();
    const bar = page.getByRole('group', { name: 'Find and replace' });
    await bar.getByLabel('Find').fill('0');
    await bar.getByLabel('Replace with').fill('5');
    // The first submit previews (A's 90, B's 60; A's formula row is skipped), the second replaces.
    await bar.getByRole('button', { name: 'Replace all' }).click();
    await bar.getByRole('button', { name: 'Replace 2 cells' }).click();
    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('65');
    await expect.poll(() => textOf(cell(cardA(), 0, 'gross'))).toContain('95');
    await page.getByRole('button', { name: 'Undo replace' }).click();
    await expect.poll(() => textOf(cell(cardB(), 0, 'gross'))).toContain('60');
    await expect.poll(() => textOf(cell(cardA(), 0, 'gross'))).toContain('90');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
    expect(await page.getByRole('button', { name: 'Undo replace' }).count()).toBe(0);
  });

  it('saves an accepted import with the usual save, the added row with the sheet’s dates; the undo is gone after it', async () => {
    await resetExtraNights();
    await page.goto(seasonTabUrl(season, 'room-extras'));
    await cell(cardB(), 0, 'gross').waitFor();
    await importAndAccept(await exportedAndEdited());
    await expect.poll(() => undoImport().count()).toBe(1);
    await saveWithThreeClicks(page);
    await expect
      .poll(async () =>
        (await call<RoomExtrasList>('GET', roomPath())).extras.map((extra) =>
          extra.variations.map((variation) => [variation.start, variation.end, Number(variation.gross)]),
        ),
      )
      .toEqual([
        [
          ['2026-05-01', '2026-05-30', 90],
          ['2026-06-01', '2026-06-30', 80],
          ['2026-08-03', '2026-08-09', 120],
        ],
        [['2026-07-01', '2026-07-31', 65]],
      ]);
    await expect.poll(() => undoImport().count()).toBe(0);
  });
});
