import { z } from 'zod';

/** PostgreSQL's `integer` maximum: ids and counts stored in such a column can be no larger. */
export const POSTGRES_INTEGER_MAX = 2_147_483_647;

/** A record's id in a body: a positive whole number that fits an integer column. */
export const id = z.number().int().positive().max(POSTGRES_INTEGER_MAX);
export const optionalId = id.nullable();

/** A record's id in a path or query string (text there), with the same bounds. */
export const pathId = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(POSTGRES_INTEGER_MAX, 'No record has so large an id');
