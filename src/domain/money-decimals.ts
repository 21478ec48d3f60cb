// Money is typed in pounds and pence (or euros and cents): a typed amount, wherever it is typed
// (a price, an adjustment, a payment, a deposit, a reduction, an offer's discount), has at most
// two decimals as written. Numbers are read at their shortest form, so a value carrying binary
// noise (0.30000000000000004, 5e-324) is refused with the reason rather than stored as sent.

/** Pounds and pence (or euros and cents): a typed amount has at most this many decimals. */
export const MONEY_DECIMALS = 2;

const WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * Decimals of a number as written at its shortest (the digits typed, for a typed number):
 * 1.005 has 3, 1e-7 has 7, 1.5e3 has none.
 */
export function decimalsOf(value: number): number {
  const match = /^-?\d+(?:\.(\d+))?(?:e([-+]\d+))?$/.exec(String(value));
  if (match === null) return 0;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

export const hasMoneyDecimals = (value: number): boolean => decimalsOf(value) <= MONEY_DECIMALS;

/** Why `value` has too many decimals to be money, or null: 'At most two decimals: 1.005 has three'. */
export function moneyDecimalsProblem(value: number): string | null {
  const decimals = decimalsOf(value);
  if (decimals <= MONEY_DECIMALS) return null;
  return `At most ${WORDS[MONEY_DECIMALS]} decimals: ${String(value)} has ${WORDS[decimals] ?? decimals}`;
}
