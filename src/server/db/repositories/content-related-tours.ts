import type { Kysely } from 'kysely';
import type { LinkedTour } from '../../../domain/content/content-fields.js';
import type { Database } from '../schema.js';

/** The tours a post or page links to, in its order, named for display. */
export async function loadRelatedTours(db: Kysely<Database>, ids: number[]): Promise<LinkedTour[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('tours').select(['id', 'name', 'slug']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
