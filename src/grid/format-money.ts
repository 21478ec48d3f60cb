/** Money as the grids and the export show it: a currency sign and two decimals ('£1,234.50', '-£5.00'). */
export function formatMoney(value: number | null | undefined, symbol = '£'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}${symbol}${text}`;
}
