// The layout of the pricing spreadsheet the app exports and reads back (issue 21): the Pricing
// sheet's columns and the Rates sheet its net, subtotal and profit formulas refer to. Shared by
// the export (src/screens/pricing) and the import, so both name the same cells.

export const PRICING_SHEET = 'Pricing';
export const RATES_SHEET = 'Rates';

const LEADING = ['Tour code', 'Name'] as const;
const DESCRIPTIVE = ['Model', 'Currency', 'Start', 'End', 'Nights', 'Boat', 'Route', 'Guidance', 'Room', 'Accommodation'] as const;
const MONEY = ['Gross', 'Non-com', 'Commission', 'Net', 'Subtotal', 'Adjustment', 'Cost', 'Profit'] as const;
/** Hidden columns: the ids that find a row again after Excel sorts or filters the sheet. */
export const HIDDEN_HEADERS = ['Tour id', 'Season id', 'Group id', 'Price id', 'Version'] as const;

export type PriceSheetHeader = (typeof LEADING)[number] | 'Season' | (typeof DESCRIPTIVE)[number] | (typeof MONEY)[number] | (typeof HIDDEN_HEADERS)[number];

/** Headers in the season's currency; the other money headers are in pounds. */
export const SEASON_CURRENCY_HEADERS: readonly PriceSheetHeader[] = ['Gross', 'Non-com', 'Net'];
export const POUND_HEADERS: readonly PriceSheetHeader[] = ['Subtotal', 'Adjustment', 'Cost', 'Profit'];

/** The Pricing sheet's columns, left to right; a Season column only when several seasons share the sheet. */
export function priceSheetHeaders(withSeason: boolean): readonly PriceSheetHeader[] {
  return [...LEADING, ...(withSeason ? (['Season'] as const) : []), ...DESCRIPTIVE, ...MONEY, ...HIDDEN_HEADERS];
}

/** 1 -> 'A', 27 -> 'AA'. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** 'A' -> 1, 'AA' -> 27 (any case). */
export function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0);
}

/** The column (1-based) of a header in a layout. */
export function columnOf(headers: readonly PriceSheetHeader[], header: PriceSheetHeader): number {
  return headers.indexOf(header) + 1;
}

/**
 * The Rates sheet: the markup rates of each exported season's model (columns A-F, one row per
 * rate) and each season's currency rate (columns H-J, one row per season), under a header row.
 * Commission sits left of markup so a VLOOKUP by commission finds the markup.
 */
export const RATES_HEADERS = ['Season', 'Model', 'Rate id', 'Commission %', 'Markup', 'Supplement markup', '', 'Season', 'Currency', 'Units per £'] as const;
export const RATE_COLUMNS = { commission: 'D', markup: 'E', supplementMarkup: 'F', currencyRate: 'J' } as const;
