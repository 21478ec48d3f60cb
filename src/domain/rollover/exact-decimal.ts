// Exact decimal arithmetic for the roll-over's uplift and rounding (issue 31; DESIGN.md section 5
// keeps money exact): a number is read as the decimal it is written as at its shortest, and
// worked on as a fraction of BigInts, so 1,249.95 × 1.04 is exactly 1,299.948, never its binary
// neighbour.

/** A fraction `num / den` with `den > 0`. */
export type Fraction = { num: bigint; den: bigint };

/** The decimal a number is written as at its shortest ('1249.95', '1e-7'), as a fraction. */
export function fractionOf(value: number): Fraction {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([-+]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return exponent >= 0 ? { num: digits * 10n ** BigInt(exponent), den: 1n } : { num: digits, den: 10n ** BigInt(-exponent) };
}

/** The largest integer not above `num / den` (BigInt division truncates towards zero). */
export function floorDiv(num: bigint, den: bigint): bigint {
  const quotient = num / den;
  return quotient * den > num ? quotient - 1n : quotient;
}

/** The smallest integer not below `num / den`. */
export const ceilDiv = (num: bigint, den: bigint): bigint => -floorDiv(-num, den);
