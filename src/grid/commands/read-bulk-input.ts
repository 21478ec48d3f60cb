import { normaliseNumberText } from '../../domain/normalise-number-text';

/**
 * The number typed into a bulk input of the Find & Replace bar (adjust, commission), or null
 * when the input is to be ignored. SPEC.md: "Number inputs for adjust and commission ignore zero
 * or empty", so 0, an empty or blank input and anything that is not a number all mean "do
 * nothing" rather than an error.
 */
export function readBulkInput(input: number | string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const value = typeof input === 'number' ? input : normaliseNumberText(input).value;
  return value === null || !Number.isFinite(value) || value === 0 ? null : value;
}
