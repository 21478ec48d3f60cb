// The cells of the price spreadsheets (SPEC.md section 9: Export; issue 21): the pricing tab's
// and the bikes and extras tabs' through the same code, each tab described by its SheetLayout and
// its season given as rows (pricing-export-rows.ts, tab-sheet-exports.ts). Gross formulas
// are written as the same Excel functions over the Gross column (`[n]` is row n of the season, or
// of the extra, a range a cell range). Commission, net, subtotal, cost and profit are formulas
// too: commission names the row's rate on the Rates sheet, subtotal and profit the season's
// currency rate and the markup of the rate whose commission the row shows (its own rate while the
// commission is unchanged, as a pasted commission is read), so changing a gross, a commission or
// a rate in Excel or LibreOffice reprices the sheet as the server would. Each formula carries the
// value the app computed (DESIGN.md section 5, the 9-decimal net and cost included).

import { computePrice, isUsableCurrencyRate, resolveRate, MONEY_DECIMAL_PLACES, DECIMAL_GUARD_PLACES, type PriceKind } from '../../domain/price-maths';
import { toSheetFormula } from '../../formulas/formula-references';
import {
  columnLetter,
  columnOf,
  hiddenHeaders,
  priceSheetHeaders,
  RATE_COLUMNS,
  RATES_HEADERS,
  RATES_SHEET,
  type PriceSheetHeader,
  type SheetLayout,
  type SheetPrice,
  type SheetSeason,
} from '../../formulas/price-sheet-layout';
import type { NamedOption } from '../../api/pricing-queries';

export type FormulaCell = { formula: string; result: number };
export type ExportCell = string | number | Date | null | FormulaCell;
/**
 * A sheet row with the currency symbol its gross, non-com and net are in, and its group (the
 * category or extra id, 0 for bikes): a printed page breaks between groups where it can.
 */
export type ExportRow = { cells: ExportCell[]; currency: string; group: number };
export type PricingExport = {
  tourName: string;
  seasonNames: string[];
  /** The sheet's name and its hidden id columns (SheetLayout). */
  sheetName: string;
  hidden: readonly PriceSheetHeader[];
  headers: readonly PriceSheetHeader[];
  rows: ExportRow[];
  rates: ExportCell[][];
};
/** A stored row with the cells of its tab's descriptive columns (Model and Currency are the season's). */
export type DescribedPrice = SheetPrice & { cells: Partial<Record<PriceSheetHeader, ExportCell>> };

/** A named option's name as the sheet writes it: '' for none, `#id` for one not in the list. */
export const nameOf = (list: readonly NamedOption[], id: number | null) => (id === null ? '' : (list.find((item) => item.id === id)?.name ?? `#${id}`));

/**
 * The id a sheet's name stands for: the export writes a known id as its name and an unknown one
 * as `#id`; an empty cell or a name not in the list is no id (the clerk picks one in the grid).
 */
export function idOfName(list: readonly NamedOption[], name: string): number | null {
  if (name === '') return null;
  const numbered = /^#(\d+)$/.exec(name);
  if (numbered !== null) return Number(numbered[1]);
  const wanted = name.toLocaleLowerCase();
  return list.find((item) => item.name.trim().toLocaleLowerCase() === wanted)?.id ?? null;
}

const ratesCell = (column: string, row: number) => `${RATES_SHEET}!$${column}$${row}`;

/** Where a season's rates sit on the Rates sheet. */
type SeasonRatesPlace = { currencyRow: number; rateRows: Map<number, number>; firstRateRow: number; lastRateRow: number };
type Tour = { tour_code: string; name: string };

/** A date as Excel's date: midnight UTC of that day, which exceljs writes as the day's serial. */
export const excelDate = (iso: string | null) => (iso === null ? null : new Date(`${iso}T00:00:00Z`));

/** Every season's rows of one tab on one sheet, the header on row 1, and the Rates sheet they refer to. */
export function priceSheetExport(layout: SheetLayout, tour: Tour, seasons: readonly SheetSeason<DescribedPrice>[]): PricingExport {
  const headers = priceSheetHeaders(seasons.length > 1, layout);
  const { rates, places } = ratesSheet(seasons);
  const rows: ExportRow[] = [];
  seasons.forEach((season, index) => rows.push(...seasonRows(layout, tour, season, headers, places[index], rows.length + 2)));
  return {
    tourName: tour.name,
    seasonNames: seasons.map((season) => season.tour_season.season_name),
    sheetName: layout.sheet,
    hidden: hiddenHeaders(layout),
    headers,
    rows,
    rates,
  };
}

function ratesSheet(seasons: readonly SheetSeason[]): { rates: ExportCell[][]; places: SeasonRatesPlace[] } {
  const rates: ExportCell[][] = [RATES_HEADERS.map((header) => header || null)];
  const put = (row: number, column: number, cells: ExportCell[]) => cells.forEach((cell, i) => ((rates[row - 1] ??= [])[column + i] = cell));
  const places: SeasonRatesPlace[] = [];
  let next = 2;
  seasons.forEach(({ tour_season: season }, index) => {
    const currencyRow = index + 2;
    put(currencyRow, 7, [season.season_name, season.currency?.name ?? '', season.currency?.rate ?? null]);
    const rateRows = new Map<number, number>();
    const firstRateRow = next;
    for (const rate of season.model?.rates ?? []) {
      put(next, 0, [season.season_name, season.model?.name ?? '', rate.id, rate.commission, rate.markup, rate.supplement_markup]);
      rateRows.set(rate.id, next++);
    }
    places.push({ currencyRow, rateRows, firstRateRow, lastRateRow: next - 1 });
  });
  // Rows only one of the two tables reaches have holes: empty cells.
  return { rates: Array.from(rates, (cells) => Array.from({ length: RATES_HEADERS.length }, (_, i) => cells?.[i] ?? null)), places };
}

function seasonRows(
  layout: SheetLayout,
  tour: Tour,
  { tour_season: season, groups }: SheetSeason<DescribedPrice>,
  headers: readonly PriceSheetHeader[],
  place: SeasonRatesPlace,
  firstRow: number,
): ExportRow[] {
  const rates = season.model?.rates ?? [];
  const currencyRate = season.currency?.rate ?? null;
  const currency = season.currency?.symbol || season.currency?.name || '';
  const letter = (header: PriceSheetHeader) => columnLetter(columnOf(headers, header));
  const seasonCount = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const rows: ExportRow[] = [];
  for (const group of groups) {
    // `[n]` counts the season's rows across its groups, as the pricing grid does, or the group's
    // own rows (an extra's variations): row n is sheet row `first` + n.
    const first = layout.references === 'season' ? firstRow : firstRow + rows.length;
    const rowCount = layout.references === 'season' ? seasonCount : group.rows.length;
    const grossCell = (row: number) => `${letter('Gross')}${first + row}`;
    for (const price of group.rows) {
      const r = firstRow + rows.length;
      const [G, N, O, P, Q, R, S] = (['Gross', 'Non-com', 'Commission', 'Net', 'Subtotal', 'Adjustment', 'Cost'] as const).map(
        (header) => `${letter(header)}${r}`,
      );
      const rate = resolveRate(rates, price.markup_rate_id);
      const input = { gross: Number(price.gross), non_com: Number(price.non_com), adjustment: Number(price.adjustment), markup_rate_id: price.markup_rate_id };
      const result = computePrice(input, rate, currencyRate, layout.kind);
      const rateRow = rate === undefined ? undefined : place.rateRows.get(rate.id);
      const priced = rateRow !== undefined && isUsableCurrencyRate(currencyRate);
      const values: Partial<Record<PriceSheetHeader, ExportCell>> = {
        'Tour code': tour.tour_code,
        Name: tour.name,
        Season: season.season_name,
        Model: season.model?.name ?? '',
        Currency: season.currency?.name ?? '',
        ...price.cells,
        Gross: grossExportCell(price.formula, input.gross, rowCount, grossCell),
        'Non-com': input.non_com,
        Commission: rate === undefined || rateRow === undefined ? null : { formula: ratesCell(RATE_COLUMNS.commission, rateRow), result: rate.commission },
        // Without a rate the app prices net, subtotal and profit at 0 (price-maths.ts).
        Net: rate === undefined ? result.net : { formula: netFormula(G, N, O), result: result.net },
        Subtotal: !priced ? result.subtotal : { formula: subtotalFormula(P, O, place, rateRow, layout.kind), result: result.subtotal },
        Adjustment: input.adjustment,
        Cost: { formula: `ROUND(${Q}+${R},${MONEY_DECIMAL_PLACES})`, result: result.cost },
        Profit: !priced
          ? result.profit
          : { formula: `ROUND(ROUND(${S}-${P}/${ratesCell(RATE_COLUMNS.currencyRate, place.currencyRow)},${DECIMAL_GUARD_PLACES}),0)`, result: result.profit },
        'Tour id': season.tour_id,
        'Season id': season.season_id,
        ...(layout.groupId === null ? {} : { [layout.groupId]: group.id }),
        [layout.rowId]: price.id,
        Version: season.version,
      };
      rows.push({ cells: headers.map((header) => values[header] ?? null), currency, group: group.id ?? 0 });
    }
  }
  return rows;
}

/** Gross minus commission on the commissionable part, exact at 9 decimals, 0 when no more than non-com. */
function netFormula(gross: string, nonCom: string, commission: string): string {
  const raw = `ROUND(${gross}-(${gross}-${nonCom})*${commission}/100,${MONEY_DECIMAL_PLACES})`;
  return `IF(${raw}<=${nonCom},0,${raw})`;
}

/**
 * ROUNDUP(net / currency rate * markup) after the 6-decimal guard. The markup is the row's own
 * rate's while the commission cell still shows that rate's commission; a commission typed over it
 * takes the markup of the model's first rate with that commission.
 */
function subtotalFormula(net: string, commission: string, place: SeasonRatesPlace, rateRow: number, kind: PriceKind): string {
  const own = ratesCell(RATE_COLUMNS.commission, rateRow);
  // The tour markup is the lookup's column 2, the supplement markup (bikes, extras) its column 3.
  const [column, nth] = kind === 'tour' ? [RATE_COLUMNS.markup, 2] : [RATE_COLUMNS.supplementMarkup, 3];
  const range = `${ratesCell(RATE_COLUMNS.commission, place.firstRateRow)}:$${column}$${place.lastRateRow}`;
  const markup = `IF(${commission}=${own},${ratesCell(column, rateRow)},VLOOKUP(${commission},${range},${nth},FALSE))`;
  return `ROUNDUP(ROUND(${net}/${ratesCell(RATE_COLUMNS.currencyRate, place.currencyRow)}*${markup},${DECIMAL_GUARD_PLACES}),0)`;
}

/** A formula row's gross as the same Excel formula with its value; a plain or unreadable one as its number. */
function grossExportCell(formula: string | null, gross: number, rowCount: number, grossCell: (row: number) => string): ExportCell {
  const excel = formula === null ? undefined : toSheetFormula(formula, rowCount, grossCell);
  return excel === undefined ? gross : { formula: excel, result: gross };
}
