/**
 * One formatter for every amount: toLocaleString with options builds a new Intl.NumberFormat on
 * each call, which cost 2 s of a 2,000-row export and shows in a grid of thousands of cells.
 */
const TWO_DECIMALS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount's digits as screens and the export show them: thousands separators and two decimals ('1,234.50'). */
export const moneyDigits = (value: number): string => TWO_DECIMALS.format(value);

/**
 * Money as every screen and the export show it (SPEC.md section 9): a currency sign, thousands
 * separators and two decimals ('£1,234.50', '-£5.00'). An amount that rounds to zero is '£0.00',
 * never '-£0.00'. `empty` is what an unknown amount shows.
 */
export function formatMoney(value: number | null | undefined, symbol = '£', empty = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  const text = moneyDigits(Math.abs(value));
  return `${value < 0 && text !== '0.00' ? '-' : ''}${symbol}${text}`;
}

/** Pounds, with a dash for an unknown amount (the bookings, payments and models screens). */
export const formatPounds = (amount: number | null | undefined): string => formatMoney(amount, '£', '—');
