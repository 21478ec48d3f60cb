// The spreadsheet round trip against the grid (issue 21): the same edits made once in an exported
// sheet (imported, accepted, saved) and once typed into the grid (saved) store the same prices, to
// the penny: a base gross with a dependent row, a commission, an adjustment, a non-com and a new
// row. tests/stress/pricing-export-libreoffice.test.ts holds the sheet's side equal to LibreOffice's
// recalculation of the same edits; together they close the loop Excel -> import -> save = typing.

import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryPrice, SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { COMMISSION_FIELD } from '../../src/grid/price-grid-columns.js';
import { e2eServer } from '../helpers/browser.js';
import {
  openPricingSession,
  pasteText,
  priceCell,
  pricingUrl,
  resetPrices,
  saveWithThreeClicks,
  typeInto,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

const START: readonly (number | string)[] = [675, 500, 400, '[0]+10'];

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ skip: 4 }));
});
afterAll(() => browser.close());

const storedPrices = async () => (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories[0].prices;
/** The commission of a rate other than the first (every reset row's), so the change is a real one. */
const otherRate = () => season.context.model!.rates.find((rate) => rate.commission !== season.context.model!.rates[0].commission)!;

async function openPricing() {
  await page.goto(pricingUrl(season));
  await priceCell(page, START.length - 1, 'gross').waitFor();
}

/** What a stored price is worth comparing: everything staff enter and the server computes, in pence for money. */
const comparable = (price: CategoryPrice) => ({
  formula: price.formula,
  markup_rate_id: price.markup_rate_id,
  room_type_id: price.room_type_id,
  accommodation_category_id: price.accommodation_category_id,
  ...Object.fromEntries((['gross', 'non_com', 'adjustment', 'net', 'cost'] as const).map((field) => [field, Math.round(Number(price[field]) * 100)])),
});

/** Sheet edits: M Gross, N Non-com, O Commission, R Adjustment, X Price id; sheet row n + 2 holds price n. */
/** `newRoom` is the room type the grid gives a new row (the one after the row above's), named in the sheet's new row. */
async function saveThroughTheSheet(newRoom: number | null): Promise<CategoryPrice[]> {
  await resetPrices(call, season, START);
  await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/data-export?season=${season.seasonId}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
  const exported = `${await download.path()}.xlsx`;
  await download.saveAs(exported);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported);
  const sheet = workbook.getWorksheet('Pricing')!;
  sheet.getCell('M2').value = 700;
  sheet.getCell('O3').value = otherRate().commission;
  sheet.getCell('R4').value = 15;
  sheet.getCell('N5').value = 25;
  // A new price of the group below the last: a copy of sheet row 5 without its Price id.
  sheet.getRow(6).values = sheet.getRow(5).values;
  sheet.getCell('X6').value = null;
  sheet.getCell('M6').value = 800;
  sheet.getCell('N6').value = 0;
  const roomTypes = await call<{ id: number; name: string }[]>('GET', 'room-types');
  const roomColumn = (sheet.getRow(1).values as unknown[]).indexOf('Room');
  sheet.getRow(6).getCell(roomColumn).value = roomTypes.find((room) => room.id === newRoom)?.name ?? null;
  const edited = `${exported}-edited.xlsx`;
  await workbook.xlsx.writeFile(edited);

  await openPricing();
  await page.setInputFiles('input[aria-label="Pricing sheet to import"]', edited);
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => page.locator('.pricing-workspace .toolbar .muted').first().textContent()).toBe('1 group, 5 prices');
  await saveWithThreeClicks(page);
  return storedPrices();
}

async function saveByTyping(): Promise<CategoryPrice[]> {
  await resetPrices(call, season, START);
  await openPricing();
  await typeInto(page, 0, 'gross', '700');
  await priceCell(page, 1, COMMISSION_FIELD).click();
  await pasteText(page, `${otherRate().commission}%`);
  await typeInto(page, 2, 'adjustment', '15');
  await typeInto(page, 3, 'non_com', '25');
  await priceCell(page, 3, 'gross').click();
  await page.getByRole('button', { name: 'Insert row below', exact: true }).click();
  await typeInto(page, 4, 'gross', '800');
  await saveWithThreeClicks(page);
  return storedPrices();
}

describe('an edited sheet imported and saved, against the same edits typed into the grid', () => {
  it('stores the same prices, to the penny, the new row and the dependent row included', async () => {
    const typed = await saveByTyping();
    const imported = await saveThroughTheSheet(typed[4].room_type_id);
    expect(imported.map(comparable)).toEqual(typed.map(comparable));
    // The edits arrived: row 3 follows row 0 (=[0]+10), the new row is the fifth.
    expect(typed.map((price) => Number(price.gross))).toEqual([700, 500, 400, 710, 800]);
    expect(typed[1].markup_rate_id).toBe(otherRate().id);
  });
});
