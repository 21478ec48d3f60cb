import { z } from 'zod';
import { hasMoneyDecimals } from '../money-decimals.js';
import { MAX_MONEY } from '../pricing/price-fields.js';
import { POSTGRES_INTEGER_MAX } from '../record-id.js';

/** A positive whole-number id. */
export const idSchema = z.int('Must be a whole number').positive('Must be a positive id').max(POSTGRES_INTEGER_MAX, 'No record has so large an id');

// Form inputs send '' for "none"; the API stores null. Numeric strings are accepted so a plain
// <input> value can be sent as typed.
const blankToNull = (value: unknown) => {
  if (value === '' || value === undefined) return null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
};

/** An id or nothing: '', null and absence all become null. */
export const optionalIdSchema = z.preprocess(blankToNull, idSchema.nullable());

/** A number or nothing: '', null and absence all become null. */
/** An amount of money that may be left empty (a season's deposit): never negative, within the money limit, pounds and pence. */
export const optionalMoneySchema = z.preprocess(
  blankToNull,
  z
    .number('Must be a number')
    .min(0, 'Must not be negative')
    .max(MAX_MONEY, `At most ${MAX_MONEY.toLocaleString('en-GB')}`)
    .refine(hasMoneyDecimals, 'At most 2 decimals: pounds and pence')
    .nullable(),
);

/** A list of distinct ids (links to other records). */
export const idListSchema = z
  .array(idSchema)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, 'Each item may appear once');
