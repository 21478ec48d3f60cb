// The rows of the pricing spreadsheet (SPEC.md section 9: Export). Net, subtotal, cost and profit
// are written as Excel formulas over the row's own cells, with the season's currency rate and
// the rate's markup as constants, so the sheet recalculates when gross, non-com, commission or
// adjustment is changed in Excel or LibreOffice; each carries the value the app computed. A gross
// formula is written as the same Excel functions over the Gross column (`[n]` is row n of the
// season, a range a cell range), guard included, so Excel gives what the grid and the server give.

import type { PricingCategory, SeasonPricing } from '../../domain/pricing/tour-pricing';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import { computePrice, resolveRate } from '../../domain/price-maths';
import { toSheetFormula } from '../../formulas/formula-references';
import { formatDayMonthYear } from '../tour-season/date-text';
import type { NamedOption } from '../tour-season/pricing-queries';

export const EXPORT_HEADERS = [
  'Tour code', 'Name', 'Model', 'Currency', 'Start', 'End', 'Nights', 'Boat', 'Route', 'Guidance', 'Room', 'Accommodation',
  'Gross', 'Non-com', 'Commission', 'Net', 'Subtotal', 'Adjustment', 'Cost', 'Profit',
] as const;

/** Columns (1-based) holding money, for the number format; commission is a percentage. */
export const MONEY_COLUMNS = [13, 14, 16, 17, 18, 19, 20];
export const COMMISSION_COLUMN = 15;

export type FormulaCell = { formula: string; result: number };
export type ExportCell = string | number | null | FormulaCell;

export type ExportLookups = { boats: readonly NamedOption[]; routes: readonly NamedOption[]; roomTypes: readonly NamedOption[]; accommodation: readonly NamedOption[] };

const nameOf = (list: readonly NamedOption[], id: number | null) => (id === null ? '' : (list.find((item) => item.id === id)?.name ?? `#${id}`));
const guidance = (category: PricingCategory) => (category.guided === null ? '' : category.guided ? 'Guided' : 'Self-Guided');
/** A number as Excel formula text, without binary noise. */
const literal = (value: number) => String(Number(value.toFixed(10)));

/**
 * One season's rows. `firstRow` is the sheet row of the first price (after the header and any
 * earlier seasons), because the formulas name their own row.
 */
export function pricingExportRows(tour: { tour_code: string; name: string }, pricing: SeasonPricing, lookups: ExportLookups, firstRow: number): ExportCell[][] {
  const season = pricing.tour_season;
  const rates = season.model?.rates ?? [];
  const currencyRate = season.currency?.rate ?? null;
  const rows: ExportCell[][] = [];
  const rowCount = pricing.categories.reduce((sum, category) => sum + category.prices.length, 0);
  // `[n]` counts the season's rows across its groups, as the grid does: row n is sheet row firstRow + n.
  const grossCell = (row: number) => `M${firstRow + row}`;
  for (const category of pricing.categories) {
    const dates = exportDates(category);
    for (const price of category.prices) {
      const r = firstRow + rows.length;
      const rate = resolveRate(rates, price.markup_rate_id);
      const input = { gross: Number(price.gross), non_com: Number(price.non_com), adjustment: Number(price.adjustment), markup_rate_id: price.markup_rate_id };
      const result = computePrice(input, rate, currencyRate, 'tour');
      const priced = rate !== undefined && currencyRate !== null && currencyRate > 0;
      const rawNet = `M${r}-(M${r}-N${r})*O${r}/100`;
      rows.push([
        tour.tour_code,
        tour.name,
        season.model?.name ?? '',
        season.currency?.name ?? '',
        dates.start,
        dates.end,
        category.nights,
        nameOf(lookups.boats, category.boat_id),
        nameOf(lookups.routes, category.tour_route_id),
        guidance(category),
        nameOf(lookups.roomTypes, price.room_type_id),
        nameOf(lookups.accommodation, price.accommodation_category_id),
        grossExportCell(price.formula, input.gross, rowCount, grossCell),
        input.non_com,
        rate?.commission ?? null,
        { formula: `IF(${rawNet}<=N${r},0,${rawNet})`, result: result.net },
        priced ? { formula: `ROUNDUP(ROUND(P${r}/${literal(currencyRate)}*${literal(rate.markup)},6),0)`, result: result.subtotal } : result.subtotal,
        input.adjustment,
        { formula: `Q${r}+R${r}`, result: result.cost },
        priced ? { formula: `ROUND(ROUND(S${r}-P${r}/${literal(currencyRate)},6),0)`, result: result.profit } : result.profit,
      ]);
    }
  }
  return rows;
}

/**
 * A group's Start and End cells: each range's start, and each range's end, in the same order
 * ('01/05/2026, 01/07/2026' and '31/05/2026, 14/07/2026'), so a group of several ranges keeps one
 * row per price (the gross formulas name rows). A group without ranges shows what it holds.
 */
function exportDates(category: PricingCategory): { start: string; end: string } {
  const stored = storedDateRanges(category);
  const ranges = stored.length > 0 ? stored : [{ start: category.start, end: category.end }];
  return { start: ranges.map((range) => formatDayMonthYear(range.start)).join(', '), end: ranges.map((range) => formatDayMonthYear(range.end)).join(', ') };
}

/** A formula row's gross as the same Excel formula with its value; a plain or unreadable one as its number. */
function grossExportCell(formula: string | null, gross: number, rowCount: number, grossCell: (row: number) => string): ExportCell {
  const excel = formula === null ? undefined : toSheetFormula(formula, rowCount, grossCell);
  return excel === undefined ? gross : { formula: excel, result: gross };
}
