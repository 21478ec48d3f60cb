// A printed pricing export does not split a group across pages where the group fits on one page
// (issue 21). The workbook is read back with exceljs (groups, column widths, hidden columns,
// print setup); exceljs 4.4 does not read row breaks back, so those are read from the sheet's XML.

import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { PRICING_SHEET } from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { groupPageBreaks, rowsPerPrintedPage } from '../../src/screens/tour-season/export-page-breaks';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import { EXPORTED_AT, lookups, season2026, TOUR } from '../helpers/price-sheet-seasons';

/** A season of groups of these sizes, each row a copy of the fixture's first price. */
function seasonOfGroups(sizes: readonly number[]): SeasonPricing {
  const [category] = season2026.categories;
  return {
    ...season2026,
    categories: sizes.map((size, g) => ({
      ...category,
      id: 500 + g,
      prices: Array.from({ length: size }, (_, i) => ({ ...category.prices[0], id: 10_000 + g * 100 + i })),
    })),
  };
}

async function exported(sizes: readonly number[]) {
  const bytes = await buildPricingXlsx(pricingExport(TOUR, [{ pricing: seasonOfGroups(sizes), lookups }]), EXPORTED_AT);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet(PRICING_SHEET)!;
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const breaks = [...xml.matchAll(/<brk id="(\d+)"[^>]*man="1"/g)].map((match) => Number(match[1]));
  return { sheet, breaks };
}

/** The printed page of each sheet row from 2 on: `perPage` rows a page, and a new page after each manual break. */
function pagesOf(lastRow: number, breaks: readonly number[], perPage: number): number[] {
  const pages: number[] = [];
  let page = 0;
  let used = 0;
  for (let row = 2; row <= lastRow; row++) {
    if (used === perPage) {
      page++;
      used = 0;
    }
    pages[row] = page;
    used++;
    if (breaks.includes(row)) {
      page++;
      used = 0;
    }
  }
  return pages;
}

describe('the printed pricing export', () => {
  it('keeps each group that fits on a page on one page, reading the page size from the workbook', async () => {
    // 40 groups of 1 to 23 rows, and two longer than any page.
    const sizes = [...Array.from({ length: 40 }, (_, g) => 1 + ((g * 7) % 23)), 120, 4, 130, 6];
    const { sheet, breaks } = await exported(sizes);
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
    // A column without a width in the file (exceljs leaves out width 9) prints at Excel's default.
    const visible: (number | undefined)[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) if (!sheet.getColumn(column).hidden) visible.push(sheet.getColumn(column).width);
    const perPage = rowsPerPrintedPage(visible);
    // 20 visible columns (1,328 pt) fitted to the A4 landscape width (741 pt) print at 55%: 58 rows under the header.
    expect(perPage).toBe(58);
    expect(breaks.length).toBeGreaterThan(5);

    // The group of each sheet row, read back from the hidden Group id column.
    const groupColumn = (sheet.getRow(1).values as ExcelJS.CellValue[]).indexOf('Group id');
    const groupAt: number[] = [];
    for (let row = 2; row <= sheet.rowCount; row++) groupAt[row] = sheet.getRow(row).getCell(groupColumn).value as number;
    // Breaks fall between groups only.
    for (const row of breaks) expect(groupAt[row]).not.toBe(groupAt[row + 1]);
    const pages = pagesOf(sheet.rowCount, breaks, perPage);
    const pagesOfGroup = new Map<number, Set<number>>();
    for (let row = 2; row <= sheet.rowCount; row++) pagesOfGroup.set(groupAt[row], (pagesOfGroup.get(groupAt[row]) ?? new Set()).add(pages[row]));
    sizes.forEach((size, g) => {
      const spread = pagesOfGroup.get(500 + g)!.size;
      if (size <= perPage) expect({ group: g, size, spread }).toEqual({ group: g, size, spread: 1 });
      // A longer group runs over the pages it needs, and at most one more for where it starts.
      else expect(spread).toBeLessThanOrEqual(Math.ceil(size / perPage) + 1);
    });
    // No page is left emptier than it must be: each break is before a group that would not have fitted.
    for (const row of breaks) {
      const next = groupAt[row + 1];
      const size = sizes[next - 500];
      const usedBefore = [...pages.keys()].filter((r) => r >= 2 && r <= row && pages[r] === pages[row]).length;
      expect(usedBefore + size).toBeGreaterThan(perPage);
    }
  });

  it('adds no breaks when everything fits on one page, and breaks before a group that would straddle', () => {
    expect(groupPageBreaks([10, 20, 20], 56)).toEqual([]);
    // Rows 2-41 hold the first two groups; 20 more would run to row 61, past the page's 56 rows.
    expect(groupPageBreaks([20, 20, 20], 56)).toEqual([41]);
    // A group longer than a page cannot be kept whole: it runs on from where it starts (rows 12-71),
    // and the next group fits after it on the second page.
    expect(groupPageBreaks([10, 60, 10], 56)).toEqual([]);
    // After a 60-row group on a fresh page, 4 rows are on its second page; 50 more fit (54), 53 do not.
    expect(groupPageBreaks([60, 50], 56)).toEqual([]);
    expect(groupPageBreaks([60, 53], 56)).toEqual([61]);
  });
});
