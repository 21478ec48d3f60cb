import type { Cell, Workbook, Worksheet } from 'exceljs';
import type { ChangeSetSummary } from '../../domain/pricing/price-history';
import { columnOf, POUND_HEADERS, RATES_SHEET, SEASON_CURRENCY_HEADERS } from '../../formulas/price-sheet-layout';
import { groupPageBreaks, groupRuns, PRINT_MARGINS, rowsPerPrintedPage } from './export-page-breaks';
import type { ExportCell, PricingExport } from './price-sheet-rows';
import { formatDayMonthYear } from './date-text';
import { authorName, SOURCE_NAMES } from './price-history-text';
import { moneyDigits } from '../../domain/format-money';

/** Excel's Text number format. */
const TEXT_FORMAT = '@';
const DATE_FORMAT = 'dd/mm/yyyy';
const PERCENT_FORMAT = '0.##"%"';
const MIN_WIDTH = 8;
const MAX_WIDTH = 40;

/** '{tour name} pricing data.xlsx' (SPEC.md section 9); the other tabs name theirs: '{tour name} bikes data.xlsx'. */
export const exportFileName = (tourName: string, what = 'pricing') => `${tourName} ${what} data.xlsx`;

/** A money format showing a currency symbol, quoted so any symbol is literal text. */
export const moneyFormat = (symbol: string) => (symbol === '' ? '#,##0.00' : `"${symbol.replace(/"/g, '')}"#,##0.00`);

/** Page header text: '&' starts a code in Excel's header language, so a literal one is doubled. */
const headerText = (text: string) => text.replace(/&/g, '&&');

/** A season's change sets for the History sheet, newest first; `complete` false when only the newest were fetched. */
export type SeasonHistory = { seasonName: string; sets: readonly ChangeSetSummary[]; complete: boolean };

// Excel reserves the sheet name History (for its change tracking).
export const HISTORY_SHEET = 'Price history';
const HISTORY_HEADERS = ['Season', 'When', 'Who', 'Save', 'Rows changed', 'Cost change', 'Rows left below guardrail'];
const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * The workbook as bytes; exceljs is loaded only now, when someone exports. `exportedAt` is the
 * date the page header shows; `history`, when given, becomes a Price history sheet (issue 22).
 */
export async function buildPricingXlsx(data: PricingExport, exportedAt: Date, history?: readonly SeasonHistory[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(data.sheetName);
  const { headers } = data;
  sheet.addRow([...headers]).font = { bold: true };
  for (const row of data.rows) {
    const added = sheet.addRow(row.cells);
    for (const header of SEASON_CURRENCY_HEADERS) added.getCell(columnOf(headers, header)).numFmt = moneyFormat(row.currency);
    for (const header of POUND_HEADERS) added.getCell(columnOf(headers, header)).numFmt = moneyFormat('£');
    added.getCell(columnOf(headers, 'Commission')).numFmt = PERCENT_FORMAT;
  }
  formatTextAndDates(sheet);
  fitWidths(
    sheet,
    data.rows.map((row) => row.cells),
    headers,
  );
  for (const header of data.hidden) sheet.getColumn(columnOf(headers, header)).hidden = true;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // The filter covers the hidden id columns too, so sorting in Excel moves a row's ids with it.
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, sheet.rowCount), column: headers.length } };
  sheet.pageSetup = {
    orientation: 'landscape',
    paperSize: 9,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: '1:1',
    margins: { ...PRINT_MARGINS },
  };
  // A group starts a new printed page when it would not fit in what is left of one.
  const visibleWidths = headers.flatMap((_, index) => (sheet.getColumn(index + 1).hidden ? [] : [sheet.getColumn(index + 1).width]));
  const perPage = rowsPerPrintedPage(visibleWidths);
  for (const row of groupPageBreaks(groupRuns(data.rows.map((exported) => exported.group)), perPage)) sheet.getRow(row).addPageBreak();
  const exportedOn = formatDayMonthYear(exportedAt.toISOString().slice(0, 10));
  sheet.headerFooter = {
    oddHeader: `&L${headerText(data.tourName)}&C${headerText(data.seasonNames.join(', '))}&RExported ${exportedOn}`,
    oddFooter: '&CPage &P of &N',
  };

  const rates = workbook.addWorksheet(RATES_SHEET);
  data.rates.forEach((cells, index) => {
    const row = rates.addRow(cells);
    if (index === 0) row.font = { bold: true };
  });
  rates.getColumn(4).numFmt = PERCENT_FORMAT;
  formatTextAndDates(rates);
  fitWidths(rates, data.rates, []);
  rates.views = [{ state: 'frozen', ySplit: 1 }];
  if (history) addHistorySheet(workbook, history);
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** A spreadsheet has no time zones: the time as the clock here showed it. */
const wallClock = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
};

/** One row per change set of each season (who, when, what kind of save, rows, cost change), newest first. */
function addHistorySheet(workbook: Workbook, history: readonly SeasonHistory[]) {
  const sheet = workbook.addWorksheet(HISTORY_SHEET);
  sheet.addRow(HISTORY_HEADERS).font = { bold: true };
  const rows: ExportCell[][] = [];
  for (const season of history) {
    for (const set of season.sets) {
      const when = wallClock(set.created_at);
      rows.push([season.seasonName, when, authorName(set.author), SOURCE_NAMES[set.source] ?? set.source, set.row_count, set.cost_change, set.below_guardrail]);
    }
    if (!season.complete) rows.push([season.seasonName, null, `Only the newest ${season.sets.length} change sets; the app's History has the rest`]);
  }
  for (const cells of rows) sheet.addRow(cells);
  formatTextAndDates(sheet);
  sheet.getColumn(2).eachCell((cell) => {
    if (cell.value instanceof Date) cell.numFmt = DATE_TIME_FORMAT;
  });
  sheet.getColumn(6).eachCell((cell) => {
    if (typeof cell.value === 'number') cell.numFmt = moneyFormat('£');
  });
  fitWidths(sheet, rows, HISTORY_HEADERS);
  sheet.getColumn(2).width = DATE_TIME_FORMAT.length + 4;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * Every text cell is formatted as Text, after the column formats (which would overwrite the
 * header's): a name starting with =, +, - or @ is written as a string, and stays text when someone
 * edits the cell in Excel or LibreOffice instead of becoming a formula. Dates show as dd/mm/yyyy.
 */
function formatTextAndDates(sheet: Worksheet) {
  sheet.eachRow((row) =>
    row.eachCell((cell: Cell) => {
      if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
      else if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
    }),
  );
}

/** Each column as wide as its longest shown value (money with its symbol and two decimals), within limits. */
function fitWidths(sheet: Worksheet, rows: readonly ExportCell[][], headers: readonly string[]) {
  const widths: number[] = headers.map((header) => header.length + 3); // room for the filter button
  for (const cells of rows) {
    cells.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, shownLength(cell));
    });
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2));
  });
}

function shownLength(cell: ExportCell): number {
  if (cell === null) return 0;
  if (typeof cell === 'string') return cell.length;
  if (cell instanceof Date) return 10;
  const value = typeof cell === 'number' ? cell : cell.result;
  return moneyDigits(value).length + 1;
}

export function saveFile(bytes: ArrayBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
