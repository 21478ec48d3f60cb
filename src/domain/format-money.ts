/**
 * Money as every screen and the export show it (SPEC.md section 9): a currency sign, thousands
 * separators and two decimals ('£1,234.50', '-£5.00'). An amount that rounds to zero is '£0.00',
 * never '-£0.00'. `empty` is what an unknown amount shows.
 */
export function formatMoney(value: number | null | undefined, symbol = '£', empty = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  const text = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 && text !== '0.00' ? '-' : ''}${symbol}${text}`;
}

/** Pounds, with a dash for an unknown amount (the bookings, payments and models screens). */
export const formatPounds = (amount: number | null | undefined): string => formatMoney(amount, '£', '—');
