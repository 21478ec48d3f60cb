// Import xlsx on the season's data export screen (issue 21), in the browser: the screen has no
// grid, so it recognises which tab's sheet a workbook holds (here a pricing, a bikes and a
// supplements sheet), previews it against that tab's season as the tab would, and Accept opens
// the tab with the changes staged there as the tab's own Accept stages them: one undoable edit,
// unsaved, counted by Save. A refusal is shown on the export screen and changes nothing.

import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../helpers/browser.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import {
  cellText,
  openPricingSession,
  priceCell,
  resetBikesAndSupplement,
  resetPrices,
  seasonTabUrl,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;
let edits = 0;

const pricesPath = () => `tour-pricing/${season.tourId}/${season.seasonId}`;

beforeAll(async () => {
  // A season no other browser test edits (7 is the extra nights import's).
  ({ browser, page, season, call } = await openPricingSession({ skip: 8 }));
  await resetPrices(call, season, [675, 500, '[0]+10']);
  await resetBikesAndSupplement(call, season, 'Export transfer');
});
afterAll(() => browser.close());

const dialog = () => page.getByRole('dialog');
const saveButton = () => page.locator('.toolbar-end button').last();
const supplementCard = () => page.getByRole('region', { name: /^Supplement 1: Export transfer$/ });
const supplementGross = (row: number) => supplementCard().locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`);
const storedGrosses = async () => (await call<SeasonPricing>('GET', pricesPath())).categories[0].prices.map((price) => Number(price.gross));

/** A download started by `button`, saved, then `edit` applied to its `sheetName` sheet with exceljs: the new file's path. */
async function downloadedAndEdited(button: string, sheetName: string, edit: (sheet: ExcelJS.Worksheet) => void): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = `${await download.path()}-export-${(edits += 1)}.xlsx`;
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  edit(workbook.getWorksheet(sheetName)!);
  await workbook.xlsx.writeFile(path);
  return path;
}

/** The data export screen of the season, with `path` chosen in its Import xlsx. */
async function importOnExportScreen(path: string) {
  if (!page.url().includes('/data-export')) await page.goto(seasonTabUrl(season, 'data-export'));
  await page.getByRole('button', { name: 'Import xlsx' }).waitFor();
  await page.setInputFiles('input[aria-label="Sheet to import"]', path);
  await dialog().waitFor();
}

/** Imports `path` on the export screen, expects `message`, and checks that Cancel leaves the screen and the season as they were. */
async function expectRefusal(path: string, message: string | RegExp) {
  await importOnExportScreen(path);
  await expect.poll(() => dialog().getByRole('alert').textContent()).toMatch(message);
  expect(
    await dialog()
      .getByRole('button', { name: /^Accept/ })
      .count(),
  ).toBe(0);
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  expect(page.url()).toContain('/data-export');
  expect(await storedGrosses()).toEqual([675, 500, 685]);
}

describe('Import xlsx on the data export screen', () => {
  it('previews a pricing sheet, and Accept opens the pricing tab with the change staged, unsaved and undoable', async () => {
    await page.goto(seasonTabUrl(season, 'data-export'));
    // One season: M is Gross; sheet row 3 is the second price.
    const path = await downloadedAndEdited('Download pricing data', 'Pricing', (sheet) => {
      sheet.getCell('M3').value = 550;
    });
    await importOnExportScreen(path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['3', '1', 'Gross', '500', '550']);
    await dialog().getByRole('button', { name: 'Accept and open Pricing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tours/${season.tourId}/pricing`);
    expect(new URL(page.url()).searchParams.get('season')).toBe(String(season.seasonId));
    await expect.poll(() => cellText(page, 1, 'gross')).toContain('550');
    await expect.poll(() => saveButton().textContent()).toBe('Save 1 row');
    // Nothing is written by the import itself.
    expect(await storedGrosses()).toEqual([675, 500, 685]);
    await priceCell(page, 0, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellText(page, 1, 'gross')).toContain('500');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('previews a supplements sheet, and Accept opens the supplements tab with it staged', async () => {
    await page.goto(seasonTabUrl(season, 'party-extras'));
    await supplementGross(1).waitFor();
    // Gross is column J; sheet row 2 is the first variation, which the second doubles.
    const path = await downloadedAndEdited('Export xlsx', 'Supplements', (sheet) => {
      sheet.getCell('J2').value = 55;
    });
    await importOnExportScreen(path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['2', expect.stringMatching(/^Supplement \d+ \[0\]$/), 'Gross', '50', '55']);
    await dialog().getByRole('button', { name: 'Accept and open Supplements' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tours/${season.tourId}/party-extras`);
    await expect.poll(() => textOf(supplementGross(0))).toContain('55');
    await expect.poll(() => textOf(supplementGross(1))).toContain('110');
    await expect.poll(() => saveButton().textContent()).toBe('Save 1 row');
    await supplementGross(0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => textOf(supplementGross(0))).toContain('50');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('previews a bikes sheet, and Accept opens the bikes tab with it staged', async () => {
    await page.goto(seasonTabUrl(season, 'bikes'));
    const bikeGross = (row: number) => page.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`);
    await bikeGross(1).waitFor();
    // One season: Gross is column H; the second bike is [0]+15.
    const path = await downloadedAndEdited('Export xlsx', 'Bikes', (sheet) => {
      sheet.getCell('H2').value = 45;
    });
    await importOnExportScreen(path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['2', '0', 'Gross', '40', '45']);
    await dialog().getByRole('button', { name: 'Accept and open Bikes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tours/${season.tourId}/bikes`);
    await expect.poll(() => textOf(bikeGross(0))).toContain('45');
    await expect.poll(() => textOf(bikeGross(1))).toContain('60');
    await expect.poll(() => saveButton().textContent()).toMatch(/^Save \d+ rows?$/);
    await bikeGross(0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => textOf(bikeGross(0))).toContain('40');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('carries the choice to remove a bike the sheet no longer has to the bikes tab, where Ctrl+Z brings it back', async () => {
    await page.goto(seasonTabUrl(season, 'bikes'));
    const bikeGross = (row: number) => page.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`);
    const bikeRows = () => page.locator('.ag-row .ag-cell[col-id="gross"]').count();
    await bikeGross(1).waitFor();
    // Sheet row 3, the second bike, is deleted from the sheet.
    const path = await downloadedAndEdited('Export xlsx', 'Bikes', (sheet) => {
      sheet.spliceRows(3, 1);
    });
    await importOnExportScreen(path);
    await dialog().getByRole('checkbox', { name: 'Remove this row too' }).check();
    await dialog().getByRole('button', { name: 'Accept and open Bikes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tours/${season.tourId}/bikes`);
    await expect.poll(bikeRows).toBe(1);
    await expect.poll(() => saveButton().textContent()).toBe('Save 1 row');
    await bikeGross(0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(bikeRows).toBe(2);
    await expect.poll(() => textOf(bikeGross(1))).toContain('55');
    await expect.poll(() => saveButton().textContent()).toBe('Save');
  });

  it('refuses a file that is not xlsx, a sheet of another season and a workbook of no tab, on the export screen', async () => {
    await page.goto(seasonTabUrl(season, 'data-export'));
    const text = `${await downloadedAndEdited('Download pricing data', 'Pricing', () => {})}-text.xlsx`;
    await writeFile(text, 'Tour code,Gross\nDAN1,675\n');
    await expectRefusal(text, 'The file is not an xlsx workbook');

    // V is the hidden Season id of a one-season Pricing sheet.
    const otherSeason = await downloadedAndEdited('Download pricing data', 'Pricing', (sheet) => {
      sheet.getCell('V2').value = season.seasonId + 1000;
    });
    await expectRefusal(otherSeason, /^Row 2 belongs to another tour or season/);

    const noTab = `${otherSeason}-no-tab.xlsx`;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').getCell('A1').value = 'Gross';
    await workbook.xlsx.writeFile(noTab);
    await expectRefusal(noTab, 'The workbook has no Pricing, Bikes, Supplements or Extra nights sheet: import a sheet this app exported');
  });
});
