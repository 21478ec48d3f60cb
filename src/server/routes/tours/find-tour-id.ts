import type { Kysely } from 'kysely';
import { isTourId } from '../../../domain/tours/tour-slug.js';
import { findTourIdById, findTourIdBySlug } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/**
 * Resolves a `/tours/{id}` segment, which may be an id or a slug. A slug names a tour that is not
 * deleted (deleted tours free their slug); an id finds the tour either way.
 */
export async function findTourId(db: Kysely<Database>, segment: string): Promise<number> {
  const row = isTourId(segment) ? await findTourIdById(db, Number(segment)) : await findTourIdBySlug(db, segment.toLowerCase());
  if (!row) throw notFound('Tour');
  return row.id;
}
