import { z } from 'zod';

/** PostgreSQL's `integer` maximum: ids and counts stored in such a column can be no larger. */
export const POSTGRES_INTEGER_MAX = 2_147_483_647;

/** A record's id in a body: a positive whole number that fits an integer column. */
export const id = z.number().int().positive().max(POSTGRES_INTEGER_MAX);
export const optionalId = id.nullable();

/**
 * The version the client read, which every update of a versioned record must send: without it a
 * save would overwrite whatever is stored (400); an older one is refused with 409. Versions live in
 * integer columns too, so a larger one is refused here rather than by the database.
 */
export const recordVersion = z
  .int('Send the version you loaded')
  .positive('Send the version you loaded')
  .max(POSTGRES_INTEGER_MAX, 'No record has so large a version');

/** The version in a query string (`?version=3`, text there), with the same bounds. */
export const versionInQuery = z.coerce.number({ error: 'Send the version you read' }).pipe(recordVersion);

/** A record's id in a path or query string (text there), with the same bounds. */
export const pathId = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(POSTGRES_INTEGER_MAX, 'No record has so large an id');
