import type { Worksheet } from 'exceljs';
import type { RolledPrice, RolledTour, RolloverPreview } from '../../domain/rollover/rollover-request';
import { moneyFormat } from '../tour-season/download-price-sheet';

// The preview of a roll-over as an xlsx for the directors to approve before the commit (issue 31):
// a Summary sheet, then one sheet per destination with every rolled row before and after.

const HEADERS = [
  'Tour code',
  'Tour',
  'Uplift %',
  'Row',
  'Dates',
  'Formula',
  'Gross before',
  'Gross after',
  'Cost before',
  'Cost after',
  'Profit after',
  'Margin after %',
  'Change %',
  'Below guardrail',
] as const;
type Header = (typeof HEADERS)[number];
const column = (header: Header) => HEADERS.indexOf(header) + 1;
// Gross is in the tour's own currency, which differs by tour: plain amounts; cost and profit are pounds.
const FORMATS: [Header[], string][] = [
  [['Gross before', 'Gross after'], moneyFormat('')],
  [['Cost before', 'Cost after', 'Profit after'], moneyFormat('£')],
  [['Uplift %', 'Margin after %', 'Change %'], '0.00"%"'],
];
const SUMMARY_SHEET = 'Summary';

/** Excel's sheet names: 31 characters at most, none of : \ / ? * [ ], unique whatever the case. */
export function sheetNameOf(name: string, taken: ReadonlySet<string>): string {
  const base = (name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'No destination').slice(0, 31);
  let candidate = base;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${base.slice(0, 31 - ` (${copy})`.length)} (${copy})`;
  return candidate;
}

export const rolloverFileName = (preview: RolloverPreview) => `${preview.label.replace(/[<>:"/\\|?*]/g, ' ').replace(/\s+/g, ' ')}.xlsx`;

function rowCells(tour: RolledTour, row: RolledPrice, label: string, dates: string) {
  return [
    tour.tour_code,
    tour.tour_name,
    tour.tour_season.uplift_percent,
    label,
    dates,
    row.after.formula ?? '',
    row.before.gross,
    row.after.gross,
    row.before.cost,
    row.after.cost,
    row.after.profit,
    row.after.margin,
    row.change_percent,
    row.below_guardrail ? 'Yes' : '',
  ];
}

function addTour(sheet: Worksheet, tour: RolledTour) {
  let index = 0;
  const add = (row: RolledPrice, label: string, dates: string) => {
    const added = sheet.addRow(rowCells(tour, row, label, dates));
    for (const [headers, format] of FORMATS) for (const header of headers) added.getCell(column(header)).numFmt = format;
    if (row.below_guardrail) added.font = { color: { argb: 'FFB42318' } };
  };
  for (const category of tour.categories) {
    for (const row of category.prices) add(row, `[${index++}]`, `${category.start ?? ''} to ${category.end ?? ''}`);
  }
  tour.bikes.forEach((row, bike) => add(row, `Bike [${bike}]`, ''));
  for (const [what, extras] of [
    ['Supplement', tour.supplements],
    ['Extra night', tour.extra_nights],
  ] as const) {
    for (const extra of extras) extra.prices.forEach((row, variation) => add(row, `${what} ${extra.name} [${variation}]`, ''));
  }
}

/** The preview as xlsx bytes; exceljs is loaded only now, when someone exports. */
export async function buildRolloverXlsx(preview: RolloverPreview): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet(SUMMARY_SHEET);
  const { totals } = preview;
  summary.addRows([
    [preview.label],
    [],
    ['Tours', totals.tours],
    ['Rows', totals.rows],
    ['Gross before', totals.gross_before],
    ['Gross after', totals.gross_after],
    ['Cost before (£)', totals.cost_before],
    ['Cost after (£)', totals.cost_after],
    ['Rows below the guardrail', totals.below_guardrail],
    ['Tours left as they are (already in the target season)', preview.skipped.length],
    ['Tour seasons whose prices are replaced', preview.tours.filter((tour) => tour.replaces !== null).length],
    ['Rows replaced', preview.tours.reduce((rows, tour) => rows + (tour.replaces?.rows ?? 0), 0)],
    ...preview.problems.map((problem) => ['To fix before the commit', problem]),
  ]);
  summary.getRow(1).font = { bold: true };
  summary.getColumn(1).width = 48;
  summary.getColumn(2).width = 18;

  const byDestination = new Map<string, RolledTour[]>();
  for (const tour of preview.tours) byDestination.set(tour.destination, [...(byDestination.get(tour.destination) ?? []), tour]);
  const taken = new Set([SUMMARY_SHEET.toLowerCase()]);
  for (const [destination, tours] of [...byDestination].sort(([a], [b]) => a.localeCompare(b))) {
    const name = sheetNameOf(destination, taken);
    taken.add(name.toLowerCase());
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([...HEADERS]).font = { bold: true };
    for (const tour of tours) addTour(sheet, tour);
    HEADERS.forEach((header, index) => (sheet.getColumn(index + 1).width = Math.max(10, header.length + 2)));
    sheet.getColumn(column('Tour')).width = 32;
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, sheet.rowCount), column: HEADERS.length } };
  }
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
