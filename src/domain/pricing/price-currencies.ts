/**
 * The currency of each money field of a price (SPEC.md section 9): what the supplier charges
 * (gross, non-com) and the net worked out from it are in the season's currency; from the
 * subtotal on (converted at the season's rate) everything is in pounds. The grid, its export and
 * the price history all show them so.
 */
export const PRICE_FIELD_CURRENCY = {
  gross: 'season',
  non_com: 'season',
  net: 'season',
  subtotal: 'pounds',
  adjustment: 'pounds',
  cost: 'pounds',
  profit: 'pounds',
} as const;
export type PriceMoneyField = keyof typeof PRICE_FIELD_CURRENCY;

export const isPriceMoneyField = (field: string): field is PriceMoneyField => field in PRICE_FIELD_CURRENCY;

/** The sign a money field is shown with: the season's currency symbol, or £. */
export const priceFieldSymbol = (field: PriceMoneyField, seasonSymbol: string): string => (PRICE_FIELD_CURRENCY[field] === 'season' ? seasonSymbol : '£');
