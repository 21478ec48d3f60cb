import type { Kysely } from 'kysely';
import { isTourId } from '../../../domain/tours/tour-slug.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/**
 * Resolves a `/tours/{id}` segment, which may be an id or a slug. A slug names a tour that is not
 * deleted (deleted tours free their slug); an id finds the tour either way.
 */
export async function findTourId(db: Kysely<Database>, segment: string): Promise<number> {
  const query = db.selectFrom('tours').select('id');
  const row = isTourId(segment)
    ? await query.where('id', '=', Number(segment)).executeTakeFirst()
    : await query.where('slug', '=', segment.toLowerCase()).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound('Tour');
  return row.id;
}
