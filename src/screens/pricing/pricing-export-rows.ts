// The cells of the pricing spreadsheet (SPEC.md section 9: Export; issue 21). Gross formulas are
// written as the same Excel functions over the Gross column (`[n]` is row n of the season, a
// range a cell range). Commission, net, subtotal, cost and profit are formulas too: commission
// names the row's rate on the Rates sheet, subtotal and profit the season's currency rate and the
// markup of the rate whose commission the row shows (its own rate while the commission is
// unchanged, as a pasted commission is read), so changing a gross, a commission or a rate in
// Excel or LibreOffice reprices the sheet as the server would. Each formula carries the value the
// app computed (DESIGN.md section 5, the 9-decimal net and cost included).

import type { PricingCategory, SeasonPricing } from '../../domain/pricing/tour-pricing';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import { computePrice, isUsableCurrencyRate, resolveRate, MONEY_DECIMAL_PLACES, DECIMAL_GUARD_PLACES } from '../../domain/price-maths';
import { toSheetFormula } from '../../formulas/formula-references';
import { columnLetter, columnOf, priceSheetHeaders, RATE_COLUMNS, RATES_HEADERS, RATES_SHEET, type PriceSheetHeader } from '../../formulas/price-sheet-layout';
import { formatDayMonthYear } from '../tour-season/date-text';
import type { NamedOption } from '../tour-season/pricing-queries';

export type FormulaCell = { formula: string; result: number };
export type ExportCell = string | number | Date | null | FormulaCell;
/**
 * A Pricing row with the currency symbol its gross, non-com and net are in, and its group (the
 * category id): a printed page breaks between groups where it can.
 */
export type ExportRow = { cells: ExportCell[]; currency: string; group: number };
export type ExportLookups = {
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
  roomTypes: readonly NamedOption[];
  accommodation: readonly NamedOption[];
};
export type ExportSeason = { pricing: SeasonPricing; lookups: ExportLookups };
export type PricingExport = { tourName: string; seasonNames: string[]; headers: readonly PriceSheetHeader[]; rows: ExportRow[]; rates: ExportCell[][] };

const nameOf = (list: readonly NamedOption[], id: number | null) => (id === null ? '' : (list.find((item) => item.id === id)?.name ?? `#${id}`));
const guidance = (category: PricingCategory) => (category.guided === null ? '' : category.guided ? 'Guided' : 'Self-Guided');
const ratesCell = (column: string, row: number) => `${RATES_SHEET}!$${column}$${row}`;

/** Where a season's rates sit on the Rates sheet. */
type SeasonRatesPlace = { currencyRow: number; rateRows: Map<number, number>; firstRateRow: number; lastRateRow: number };

/** Every season's rows on one Pricing sheet, the header on row 1, and the Rates sheet they refer to. */
export function pricingExport(tour: { tour_code: string; name: string }, seasons: readonly ExportSeason[]): PricingExport {
  const headers = priceSheetHeaders(seasons.length > 1);
  const { rates, places } = ratesSheet(seasons.map((season) => season.pricing));
  const rows: ExportRow[] = [];
  seasons.forEach((season, index) => rows.push(...seasonRows(tour, season, headers, places[index], rows.length + 2)));
  return { tourName: tour.name, seasonNames: seasons.map((season) => season.pricing.tour_season.season_name), headers, rows, rates };
}

function ratesSheet(seasons: readonly SeasonPricing[]): { rates: ExportCell[][]; places: SeasonRatesPlace[] } {
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
  tour: { tour_code: string; name: string },
  { pricing, lookups }: ExportSeason,
  headers: readonly PriceSheetHeader[],
  place: SeasonRatesPlace,
  firstRow: number,
): ExportRow[] {
  const season = pricing.tour_season;
  const rates = season.model?.rates ?? [];
  const currencyRate = season.currency?.rate ?? null;
  const currency = season.currency?.symbol || season.currency?.name || '';
  const letter = (header: PriceSheetHeader) => columnLetter(columnOf(headers, header));
  const rowCount = pricing.categories.reduce((sum, category) => sum + category.prices.length, 0);
  // `[n]` counts the season's rows across its groups, as the grid does: row n is sheet row firstRow + n.
  const grossCell = (row: number) => `${letter('Gross')}${firstRow + row}`;
  const rows: ExportRow[] = [];
  for (const category of pricing.categories) {
    const dates = exportDates(category);
    for (const price of category.prices) {
      const r = firstRow + rows.length;
      const [G, N, O, P, Q, R, S] = (['Gross', 'Non-com', 'Commission', 'Net', 'Subtotal', 'Adjustment', 'Cost'] as const).map(
        (header) => `${letter(header)}${r}`,
      );
      const rate = resolveRate(rates, price.markup_rate_id);
      const input = { gross: Number(price.gross), non_com: Number(price.non_com), adjustment: Number(price.adjustment), markup_rate_id: price.markup_rate_id };
      const result = computePrice(input, rate, currencyRate, 'tour');
      const rateRow = rate === undefined ? undefined : place.rateRows.get(rate.id);
      const priced = rateRow !== undefined && isUsableCurrencyRate(currencyRate);
      const values: Record<PriceSheetHeader, ExportCell> = {
        'Tour code': tour.tour_code,
        Name: tour.name,
        Season: season.season_name,
        Model: season.model?.name ?? '',
        Currency: season.currency?.name ?? '',
        Start: dates.start,
        End: dates.end,
        Nights: category.nights,
        Boat: nameOf(lookups.boats, category.boat_id),
        Route: nameOf(lookups.routes, category.tour_route_id),
        Guidance: guidance(category),
        Room: nameOf(lookups.roomTypes, price.room_type_id),
        Accommodation: nameOf(lookups.accommodation, price.accommodation_category_id),
        Gross: grossExportCell(price.formula, input.gross, rowCount, grossCell),
        'Non-com': input.non_com,
        Commission: rate === undefined || rateRow === undefined ? null : { formula: ratesCell(RATE_COLUMNS.commission, rateRow), result: rate.commission },
        // Without a rate the app prices net, subtotal and profit at 0 (price-maths.ts).
        Net: rate === undefined ? result.net : { formula: netFormula(G, N, O), result: result.net },
        Subtotal: !priced ? result.subtotal : { formula: subtotalFormula(P, O, place, rateRow), result: result.subtotal },
        Adjustment: input.adjustment,
        Cost: { formula: `ROUND(${Q}+${R},${MONEY_DECIMAL_PLACES})`, result: result.cost },
        Profit: !priced
          ? result.profit
          : { formula: `ROUND(ROUND(${S}-${P}/${ratesCell(RATE_COLUMNS.currencyRate, place.currencyRow)},${DECIMAL_GUARD_PLACES}),0)`, result: result.profit },
        'Tour id': season.tour_id,
        'Season id': season.season_id,
        'Group id': category.id,
        'Price id': price.id,
        Version: season.version,
      };
      rows.push({ cells: headers.map((header) => values[header]), currency, group: category.id });
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
function subtotalFormula(net: string, commission: string, place: SeasonRatesPlace, rateRow: number): string {
  const own = ratesCell(RATE_COLUMNS.commission, rateRow);
  const range = `${ratesCell(RATE_COLUMNS.commission, place.firstRateRow)}:$${RATE_COLUMNS.markup}$${place.lastRateRow}`;
  const markup = `IF(${commission}=${own},${ratesCell(RATE_COLUMNS.markup, rateRow)},VLOOKUP(${commission},${range},2,FALSE))`;
  return `ROUNDUP(ROUND(${net}/${ratesCell(RATE_COLUMNS.currencyRate, place.currencyRow)}*${markup},${DECIMAL_GUARD_PLACES}),0)`;
}

/** A date as Excel's date: midnight UTC of that day, which exceljs writes as the day's serial. */
const excelDate = (iso: string | null) => (iso === null ? null : new Date(`${iso}T00:00:00Z`));

/**
 * A group's Start and End cells: real dates for a group of one range; for several ranges each
 * range's start and each range's end as text, in the same order ('01/05/2026, 01/07/2026'), so
 * the group keeps one row per price (the gross formulas name rows).
 */
function exportDates(category: PricingCategory): { start: ExportCell; end: ExportCell } {
  const stored = storedDateRanges(category);
  const ranges = stored.length > 0 ? stored : [{ start: category.start, end: category.end }];
  if (ranges.length === 1) return { start: excelDate(ranges[0].start), end: excelDate(ranges[0].end) };
  return { start: ranges.map((range) => formatDayMonthYear(range.start)).join(', '), end: ranges.map((range) => formatDayMonthYear(range.end)).join(', ') };
}

/** A formula row's gross as the same Excel formula with its value; a plain or unreadable one as its number. */
function grossExportCell(formula: string | null, gross: number, rowCount: number, grossCell: (row: number) => string): ExportCell {
  const excel = formula === null ? undefined : toSheetFormula(formula, rowCount, grossCell);
  return excel === undefined ? gross : { formula: excel, result: gross };
}
