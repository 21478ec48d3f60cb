// Where a printed pricing export breaks its pages (issue 21: groups not split across pages where
// they fit). The sheet prints landscape on A4, fitted to one page wide with the header row
// repeated, so the rows a page holds follow from the scale that fits the visible columns' width:
// Excel and LibreOffice shrink the page by that scale, and more rows fit the same paper height.
// A group that would not fit in what is left of a page, but fits on a page of its own, starts a
// new page (a manual row break); a group longer than a page runs on, as it must.

/** The print margins the export sets, in inches (Excel's defaults, written out so the sums below hold). */
export const PRINT_MARGINS = { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 } as const;

/** A4 landscape, in points. */
const PAGE_WIDTH = (297 / 25.4) * 72;
const PAGE_HEIGHT = (210 / 25.4) * 72;
/** Excel's default row height (Calibri 11), in points. */
export const ROW_HEIGHT = 15;

/** Excel's width of a column without one of its own (Calibri 11), in characters. */
const EXCEL_DEFAULT_WIDTH = 8.43;
/** exceljs writes no width for a column 9 characters wide (its default), so Excel shows it at its own default. */
const EXCELJS_DEFAULT_WIDTH = 9;

/** The width Excel prints a column at, from the width the export gave it (undefined: none). */
export const printedWidth = (width: number | undefined) => (width === undefined || width === EXCELJS_DEFAULT_WIDTH ? EXCEL_DEFAULT_WIDTH : width);

/** A column `width` characters wide, in points: Calibri 11's 7-pixel digit plus 5 pixels of padding, at 96 pixels an inch. */
const columnPoints = (width: number) => ((Math.trunc(width * 7) + 5) * 72) / 96;

/**
 * How many rows below the repeated header one printed page holds, the visible columns (their
 * widths in characters) fitted to one page wide. Excel's fit scale is a whole percent, rounded down.
 */
export function rowsPerPrintedPage(visibleWidths: readonly (number | undefined)[]): number {
  const printableWidth = PAGE_WIDTH - (PRINT_MARGINS.left + PRINT_MARGINS.right) * 72;
  const printableHeight = PAGE_HEIGHT - (PRINT_MARGINS.top + PRINT_MARGINS.bottom) * 72;
  const contentWidth = visibleWidths.reduce<number>((sum, width) => sum + columnPoints(printedWidth(width)), 0);
  const percent = contentWidth <= printableWidth ? 100 : Math.max(10, Math.floor((100 * printableWidth) / contentWidth));
  const rows = Math.floor(printableHeight / ((ROW_HEIGHT * percent) / 100));
  // One row is the repeated header.
  return Math.max(1, rows - 1);
}

/**
 * The sheet rows after which a page breaks by hand, for groups of `sizes` rows printed from sheet
 * row `firstRow` on, `perPage` rows to a page: before each group that does not fit in what is
 * left of the page but fits on a page of its own. Pages the printer breaks by itself (a group
 * longer than a page) are counted, so later groups are placed on the pages they really print on.
 */
export function groupPageBreaks(sizes: readonly number[], perPage: number, firstRow = 2): number[] {
  const breaks: number[] = [];
  let row = firstRow;
  let used = 0;
  for (const size of sizes) {
    if (size === 0) continue;
    if (used > 0 && used + size > perPage && size <= perPage) {
      breaks.push(row - 1);
      used = 0;
    }
    used = (used + size) % perPage;
    row += size;
  }
  return breaks;
}

/** The sizes of the runs of rows that share a group, in sheet order. */
export function groupRuns(groups: readonly number[]): number[] {
  const sizes: number[] = [];
  groups.forEach((group, index) => {
    if (index > 0 && groups[index - 1] === group) sizes[sizes.length - 1] += 1;
    else sizes.push(1);
  });
  return sizes;
}
