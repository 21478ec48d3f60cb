// Import xlsx on the pricing tab (issue 21), in the browser: the preview of an edited export
// lists changed cells, added rows, rows the sheet no longer has and rows it cannot match, and
// each refusal says what is wrong and changes nothing. The sheets are the app's own export,
// downloaded from the data export tab and edited with exceljs as Excel would.

import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eServer } from '../helpers/browser.js';
import { cellText, openPricingSession, priceCell, resetPrices, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;
/** The season's export as downloaded, read afresh for each edit. */
let exported: string;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession());
  await resetPrices(call, season, [675, 500, 400, '[0]+10']);
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/data-export?season=${season.seasonId}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
  exported = `${await download.path()}.xlsx`;
  await download.saveAs(exported);
});
afterAll(() => browser.close());

// Columns of a one-season export: M Gross, N Non-com, R Adjustment, V Season id, X Price id, Y Version.
let edits = 0;
/** The export with `edit` applied to its Pricing sheet, saved as a new file. */
async function editedSheet(edit: (sheet: ExcelJS.Worksheet) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported);
  edit(workbook.getWorksheet('Pricing')!);
  const path = `${exported}-${(edits += 1)}.xlsx`;
  await workbook.xlsx.writeFile(path);
  return path;
}

const dialog = () => page.getByRole('dialog');
const saveLabel = () => page.locator('.pricing-workspace .toolbar-end button').first().textContent();

async function openImport(path: string) {
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
  await priceCell(page, 0, 'gross').waitFor();
  await page.setInputFiles('input[aria-label="Pricing sheet to import"]', path);
  await dialog().waitFor();
}

/** Opens the import of `path`, expects the refusal `message`, and checks that Cancel leaves the grid as it was. */
async function expectRefusal(path: string, message: string | RegExp) {
  await openImport(path);
  await expect.poll(() => dialog().getByRole('alert').textContent()).toMatch(message);
  expect(await dialog().getByRole('button', { name: 'Accept' }).count()).toBe(0);
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
  expect(await saveLabel()).toBe('Save');
}

describe('the import preview', () => {
  it('lists changed cells, added rows, rows the sheet no longer has and rows it cannot match', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('M3').value = 550;
      sheet.getCell('R2').value = 12.5;
      // Sheet row 6: a copy of row 5 without its Price id, a new price of the same group.
      sheet.getRow(6).values = sheet.getRow(5).values;
      sheet.getCell('X6').value = null;
      sheet.getCell('M6').value = 800;
      // Sheet row 7: a price id that is not in the season.
      sheet.getRow(7).values = sheet.getRow(2).values;
      sheet.getCell('X7').value = 999_999;
      // Row 4 (the third price) is deleted from the sheet.
      sheet.spliceRows(4, 1);
    });
    await openImport(path);
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr');
    await expect.poll(() => changed.count()).toBe(2);
    expect(await Promise.all([0, 1].map((n) => changed.nth(n).locator('td').allTextContents()))).toEqual([
      ['2', '0', 'Adjustment', '0', '12.5'],
      ['3', '1', 'Gross', '500', '550'],
    ]);
    expect(await dialog().getByRole('table', { name: 'Added rows' }).locator('tbody tr td').allTextContents()).toEqual([
      '5',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      '800',
    ]);
    expect(
      await dialog()
        .getByRole('heading', { name: /no longer has/ })
        .textContent(),
    ).toBe('Rows the sheet no longer has (1)');
    expect(
      await dialog()
        .getByText(/^Rows 2 are kept/)
        .count(),
    ).toBe(1);
    expect(await dialog().getByRole('list', { name: 'Rows not matched' }).textContent()).toBe(
      'Sheet row 6: Price 999999 is not in this season (removed since the export?)',
    );
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await saveLabel()).toBe('Save');
  });

  it('undoes an accepted import, its added row included, in one step', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('M2').value = 700;
      sheet.getRow(6).values = sheet.getRow(5).values;
      sheet.getCell('X6').value = null;
      sheet.getCell('M6').value = { formula: 'M2*2', result: 1400 };
    });
    await openImport(path);
    const counts = page.locator('.pricing-workspace .toolbar .muted');
    await dialog().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => counts.textContent()).toBe('1 group, 5 prices');
    // Row 3 follows row 0 ([0]+10); the added row doubles it.
    await expect.poll(() => cellText(page, 3, 'gross')).toContain('710');
    await expect.poll(() => cellText(page, 4, 'gross')).toContain('1,400');
    await expect.poll(saveLabel).toBe('Save 2 rows');
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => counts.textContent()).toBe('1 group, 4 prices');
    await expect.poll(() => cellText(page, 0, 'gross')).toContain('675');
    await expect.poll(() => cellText(page, 3, 'gross')).toContain('685');
    await expect.poll(saveLabel).toBe('Save');
  });
});

describe('the rows the sheet no longer has', () => {
  const counts = () => page.locator('.pricing-workspace .toolbar .muted').textContent();
  const removeBox = () => dialog().getByRole('checkbox', { name: 'Remove this row too' });

  it('are kept unless the clerk chooses to remove them in the preview', async () => {
    // Row 4 (the third price, 400) is deleted from the sheet; row 2's gross changes.
    const path = await editedSheet((sheet) => {
      sheet.getCell('M2').value = 700;
      sheet.spliceRows(4, 1);
    });
    await openImport(path);
    expect(await removeBox().isChecked()).toBe(false);
    await dialog().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(saveLabel).toBe('Save 1 row');
    expect(await counts()).toBe('1 group, 4 prices');
    await expect.poll(() => cellText(page, 2, 'gross')).toContain('400');
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(saveLabel).toBe('Save');
  });

  it('go with the import when chosen, counted by Save, and Ctrl+Z brings them back', async () => {
    const path = await editedSheet((sheet) => {
      sheet.spliceRows(4, 1);
    });
    await openImport(path);
    const accept = dialog().getByRole('button', { name: 'Accept' });
    // Nothing else changes: Accept waits for the choice, made here with the keyboard.
    expect(await accept.isDisabled()).toBe(true);
    await removeBox().focus();
    await page.keyboard.press('Space');
    expect(await removeBox().isChecked()).toBe(true);
    await accept.click();
    await expect.poll(counts).toBe('1 group, 3 prices');
    await expect.poll(() => cellText(page, 2, 'gross')).toContain('685');
    await expect.poll(saveLabel).toBe('Save 1 row');
    await priceCell(page, 1, 'gross').click();
    await page.keyboard.press('Control+z');
    await expect.poll(counts).toBe('1 group, 4 prices');
    await expect.poll(() => cellText(page, 2, 'gross')).toContain('400');
    await expect.poll(saveLabel).toBe('Save');
  });
});

describe('the import refuses, and changes nothing', () => {
  it('a file that is not xlsx', async () => {
    const path = `${exported}-text.xlsx`;
    await writeFile(path, 'Tour code,Gross\nDAN1,675\n');
    await expectRefusal(path, 'The file is not an xlsx workbook');
  });

  it('a file over 5 MB', async () => {
    const path = `${exported}-large.xlsx`;
    await writeFile(path, Buffer.alloc(5 * 1024 * 1024 + 1));
    await expectRefusal(path, /^The file is 5\.0 MB: the import reads files up to 5 MB$/);
  });

  it('a sheet of another season', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('V3').value = season.seasonId + 1000;
    });
    await expectRefusal(path, /^Row 3 belongs to another tour or season/);
  });

  it('a cell that is not a number, named by sheet, row and column', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('N4').value = 'about 20';
    });
    await expectRefusal(path, "Pricing row 4, Non-com (N4): 'about 20' is not a number");
  });

  it('a gross formula that refers outside the Gross column', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('M3').value = { formula: 'N2+10', result: 10 };
    });
    await expectRefusal(path, 'Pricing row 3, Gross (M3): =N2+10 refers to N2, outside the Gross column (M)');
  });

  it('a sheet exported before the last save, and compares it anyway when asked', async () => {
    const path = await editedSheet((sheet) => {
      sheet.getCell('M3').value = 520;
      for (let row = 2; row <= sheet.rowCount; row++) sheet.getCell(`Y${row}`).value = (sheet.getCell(`Y${row}`).value as number) - 1;
    });
    await openImport(path);
    await expect
      .poll(() => dialog().getByRole('alert').textContent())
      .toMatch(/^The sheet was exported before the season's last save \(version \d+, now \d+\)$/);
    expect(await dialog().getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Compare anyway' }).click();
    const changed = dialog().getByRole('table', { name: 'Changed cells' }).locator('tbody tr td');
    await expect.poll(() => changed.allTextContents()).toEqual(['3', '1', 'Gross', '500', '520']);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await saveLabel()).toBe('Save');
  });
});
