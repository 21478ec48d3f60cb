// The layout of the price spreadsheets the app exports and reads back (issue 21): each tab's sheet
// (pricing, bikes, supplements, extra nights) and the Rates sheet its net, subtotal and profit
// formulas refer to. A tab is described once (SheetLayout: its sheet, its descriptive columns, how
// its rows are grouped, priced and counted by `[n]`); the export (src/screens/pricing) and the
// import (price-sheet-import.ts) read the same description, so both name the same cells.

import type { PriceKind } from '../domain/price-maths';

export const PRICING_SHEET = 'Pricing';
export const RATES_SHEET = 'Rates';

const LEADING = ['Tour code', 'Name'] as const;
const SEASON_WIDE = ['Model', 'Currency'] as const;
const DESCRIPTIVE = ['Start', 'End', 'Nights', 'Boat', 'Route', 'Guidance', 'Room', 'Accommodation'] as const;
/** The bikes' and extras' own descriptive columns (their layouts below pick theirs). */
type TabDescriptive = 'Order' | 'Bike' | 'Supplement' | 'Extra night' | 'Category' | 'Min pax' | 'Max pax';
const MONEY = ['Gross', 'Non-com', 'Commission', 'Net', 'Subtotal', 'Adjustment', 'Cost', 'Profit'] as const;
type IdHeader = 'Tour id' | 'Season id' | 'Group id' | 'Price id' | 'Bike row id' | 'Supplement id' | 'Extra night id' | 'Variation id' | 'Version';
/** The pricing sheet's hidden columns: the ids that find a row again after Excel sorts or filters the sheet. */
export const HIDDEN_HEADERS = ['Tour id', 'Season id', 'Group id', 'Price id', 'Version'] as const;

export type PriceSheetHeader =
  (typeof LEADING)[number] | 'Season' | (typeof SEASON_WIDE)[number] | (typeof DESCRIPTIVE)[number] | TabDescriptive | (typeof MONEY)[number] | IdHeader;

/**
 * One tab's sheet. `groupId` is the hidden column of the row's group (a price group, an extra),
 * null for a tab of one list (bikes); `rowId` the hidden column of the row's own id. `references`
 * says what a gross `[n]` counts: the season's rows (pricing, bikes) or its group's rows (an
 * extra's variations, as the server evaluates them). `labels` are the columns whose text names an
 * added row's options (a room, a bike), shown in the preview and looked up by name.
 */
export type SheetLayout = {
  sheet: string;
  descriptive: readonly PriceSheetHeader[];
  groupId: PriceSheetHeader | null;
  rowId: PriceSheetHeader;
  /** What a row and a group are called in messages: 'Price', 'Group'. */
  rowNoun: string;
  groupNoun: string;
  labels: readonly PriceSheetHeader[];
  /**
   * Label columns holding a day (an extra night's Start and End): an added row's label is the day
   * as YYYY-MM-DD ('' for an empty cell), and a row whose cell is not a day is not imported.
   */
  dates?: readonly PriceSheetHeader[];
  kind: PriceKind;
  references: 'season' | 'group';
};

export const PRICING_LAYOUT: SheetLayout = {
  sheet: PRICING_SHEET,
  descriptive: [...SEASON_WIDE, ...DESCRIPTIVE],
  groupId: 'Group id',
  rowId: 'Price id',
  rowNoun: 'Price',
  groupNoun: 'Group',
  labels: ['Room', 'Accommodation'],
  kind: 'tour',
  references: 'season',
};

export const BIKES_LAYOUT: SheetLayout = {
  sheet: 'Bikes',
  descriptive: [...SEASON_WIDE, 'Order', 'Bike', 'Nights'],
  groupId: null,
  rowId: 'Bike row id',
  rowNoun: 'Bike row',
  groupNoun: 'Bikes',
  labels: ['Bike'],
  kind: 'supplement',
  references: 'season',
};

export const SUPPLEMENTS_LAYOUT: SheetLayout = {
  sheet: 'Supplements',
  descriptive: [...SEASON_WIDE, 'Supplement', 'Category', 'Bike', 'Min pax', 'Max pax'],
  groupId: 'Supplement id',
  rowId: 'Variation id',
  rowNoun: 'Variation',
  groupNoun: 'Supplement',
  labels: ['Category', 'Bike'],
  kind: 'supplement',
  references: 'group',
};

export const EXTRA_NIGHTS_LAYOUT: SheetLayout = {
  sheet: 'Extra nights',
  descriptive: [...SEASON_WIDE, 'Extra night', 'Start', 'End', 'Room', 'Category'],
  groupId: 'Extra night id',
  rowId: 'Variation id',
  rowNoun: 'Variation',
  groupNoun: 'Extra night',
  labels: ['Start', 'End', 'Room', 'Category'],
  dates: ['Start', 'End'],
  kind: 'supplement',
  references: 'group',
};

/** Headers in the season's currency; the other money headers are in pounds. */
export const SEASON_CURRENCY_HEADERS: readonly PriceSheetHeader[] = ['Gross', 'Non-com', 'Net'];
export const POUND_HEADERS: readonly PriceSheetHeader[] = ['Subtotal', 'Adjustment', 'Cost', 'Profit'];

/** A layout's hidden id columns, in sheet order. */
export function hiddenHeaders(layout: SheetLayout): readonly PriceSheetHeader[] {
  return ['Tour id', 'Season id', ...(layout.groupId === null ? [] : [layout.groupId]), layout.rowId, 'Version'];
}

/** A sheet's columns, left to right; a Season column only when several seasons share the sheet. */
export function priceSheetHeaders(withSeason: boolean, layout: SheetLayout = PRICING_LAYOUT): readonly PriceSheetHeader[] {
  return [...LEADING, ...(withSeason ? (['Season'] as const) : []), ...layout.descriptive, ...MONEY, ...hiddenHeaders(layout)];
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
 * Commission sits left of markup so a VLOOKUP by commission finds the markup (the tour markup in
 * the lookup's column 2, the supplement markup in its column 3).
 */
export const RATES_HEADERS = ['Season', 'Model', 'Rate id', 'Commission %', 'Markup', 'Supplement markup', '', 'Season', 'Currency', 'Units per £'] as const;
export const RATE_COLUMNS = { commission: 'D', markup: 'E', supplementMarkup: 'F', currencyRate: 'J' } as const;

/** A stored row's price fields as a sheet exports and compares them; money may arrive as numeric text. */
export type SheetPrice = {
  id: number;
  formula: string | null;
  gross: number | string;
  non_com: number | string;
  adjustment: number | string;
  markup_rate_id: number | null;
};
/** The season a sheet holds: its context and its rows in grid order, by group (one group, id null, for bikes). */
export type SheetSeason<Row extends SheetPrice = SheetPrice> = {
  tour_season: {
    tour_id: number;
    season_id: number;
    season_name: string;
    version: number;
    model: { name: string; rates: readonly { id: number; commission: number; markup: number; supplement_markup: number }[] } | null;
    currency: { name: string; symbol: string; rate: number | null } | null;
  };
  groups: readonly { id: number | null; rows: readonly Row[] }[];
};
