// Export xlsx and Import xlsx on the bikes and supplements tabs (issue 21), in the browser: the
// tab's own export, a cell changed with exceljs as in Excel, the preview of the changed cell, and
// Accept staging it as one undoable, unsaved edit that the three-click save stores; a sheet of
// another tab or season is refused and changes nothing.

import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import { openLoggedInPage, textOf } from '../helpers/browser.js';
import {
  apiCaller,
  findPricedSeason,
  resetBikesAndSupplement,
  saveWithThreeClicks,
  seasonTabUrl,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let call: Caller;
let season: PricedSeason;
let edits = 0;

const bikesPath = () => `tour-bikes/${season.tourId}/${season.seasonId}`;

beforeAll(async () => {
  call = await apiCaller();
  // A season no other browser test edits.
  season = await findPricedSeason(call, 6);
  await resetBikesAndSupplement(call, season, 'Sheet transfer');
  ({ browser, page } = await openLoggedInPage());
});
afterAll(() => browser.close());

const dialog = () => page.getByRole('dialog');
const grossCell = (scope: Locator | Page, row: number) => scope.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`);
const saveButton = () => page.locator('.toolbar-end button').last();
const supplementCard = () => page.getByRole('region', { name: /^Supplement 1: Sheet transfer$/ });

/** Export xlsx of the open tab, downloaded, then `edit` applied to its sheet with exceljs: the new file's path. */
async function exportedAndEdited(sheetName: string, edit: (sheet: ExcelJS.Worksheet) => void): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export xlsx' }).click()]);
  const path = `${await download.path()}-${(edits += 1)}.xlsx`;
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  edit(workbook.getWorksheet(sheetName)!);
  await workbook.xlsx.writeFile(path);
  return path;
}

async function importSheet(sheetName: string, path: string) {
  await page.setInputFiles(`input[aria-label="${sheetName} sheet to import"]`, path);
  await dialog().waitFor();
}

/** The three clicks of SPEC.md section 4. */
describe('the bikes tab', () => {
  it('exports its sheet, previews a changed gross, stages it on Accept and saves it with the usual save', async () => {
    await page.goto(seasonTabUrl(season, 'bikes'));
    await grossCell(page, 0).waitFor();
    // One season: Gross is column H.
    const path = await exportedAndEdited('Bikes', (sheet) => {
      sheet.getCell('H2').value = 45;
    });
    await importSheet('Bikes', path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr');
    await expect.poll(() => changed.count()).toBe(1);
    expect(await changed.first().locator('td').allTextContents()).toEqual(['2', '0', 'Gross', '40', '45']);
    await dialog().getByRole('button', { name: 'Accept' }).click();
    // The second bike is [0]+15: it follows, as in the sheet.
    await expect.poll(() => textOf(grossCell(page, 0))).toContain('45');
    await expect.poll(() => textOf(grossCell(page, 1))).toContain('60');
    await expect.poll(() => saveButton().textContent()).toMatch(/^Save \d+ rows?$/);
    await saveWithThreeClicks(page);
    await expect.poll(async () => (await call<{ bikes: TourBike[] }>('GET', bikesPath())).bikes.map((bike) => Number(bike.gross))).toEqual([45, 60]);
  });
});

describe('the supplements tab', () => {
  it('previews a changed formula of a variation, and undoes the accepted import in one step', async () => {
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await grossCell(supplementCard(), 1).waitFor();
    // Gross is column J; sheet row 3 is the second variation (=[0]*2, exported as =J2*2).
    const path = await exportedAndEdited('Supplements', (sheet) => {
      sheet.getCell('J3').value = { formula: 'J2*3', result: 150 };
    });
    await importSheet('Supplements', path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['3', expect.stringMatching(/^Supplement \d+ \[1\]$/), 'Gross', '=[0]*2', '=[0]*3']);
    await dialog().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('150');
    await expect.poll(() => saveButton().textContent()).toBe('Save 1 row');
    await grossCell(supplementCard(), 0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('100');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('undoes an accepted import with Undo import, which then goes away', async () => {
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await grossCell(supplementCard(), 1).waitFor();
    const path = await exportedAndEdited('Supplements', (sheet) => {
      sheet.getCell('J2').value = 70;
    });
    await importSheet('Supplements', path);
    await dialog().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('140');
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('100');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
    expect(await page.getByRole('button', { name: 'Undo import' }).count()).toBe(0);
  });

  it('removes a variation the sheet no longer has only when asked, and Undo import brings it back', async () => {
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await grossCell(supplementCard(), 1).waitFor();
    const rows = () => supplementCard().locator('.ag-row .ag-cell[col-id="gross"]').count();
    // Sheet row 3, the second variation (=[0]*2), is deleted from the sheet.
    const path = await exportedAndEdited('Supplements', (sheet) => {
      sheet.spliceRows(3, 1);
    });
    await importSheet('Supplements', path);
    const removeBox = dialog().getByRole('checkbox', { name: 'Remove this row too' });
    expect(await removeBox.isChecked()).toBe(false);
    expect(await dialog().getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true);
    await removeBox.check();
    await dialog().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(rows).toBe(1);
    await expect.poll(() => saveButton().textContent()).toBe('Save 1 row');
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(rows).toBe(2);
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('100');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('refuses a sheet of another season, and a sheet of another tab, changing nothing', async () => {
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await grossCell(supplementCard(), 1).waitFor();
    // Column S is the hidden Season id.
    const otherSeason = await exportedAndEdited('Supplements', (sheet) => {
      sheet.getCell('S2').value = season.seasonId + 1000;
    });
    await importSheet('Supplements', otherSeason);
    await expect.poll(() => dialog().getByRole('alert').textContent()).toMatch(/^Row 2 belongs to another tour or season/);
    expect(await dialog().getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await page.goto(seasonTabUrl(season, 'bikes'));
    await grossCell(page, 0).waitFor();
    const bikesSheet = await exportedAndEdited('Bikes', () => {});
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await grossCell(supplementCard(), 1).waitFor();
    await importSheet('Supplements', bikesSheet);
    const refusal = 'The workbook has no Supplements sheet: import a sheet this app exported from this tab';
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe(refusal);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => textOf(grossCell(supplementCard(), 1))).toContain('100');
    expect(await saveButton().textContent()).toBe('Save');
  });
});
