import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema.js';

const ITINERARY_COLUMNS = ['id', 'day', 'title', 'type', 'content', 'media_id'] as const;
export type ItineraryRow = Omit<Insertable<Database['itineraries']>, 'id' | 'tour_id' | 'position'>;

/** The tour's version and its itinerary in the saved order. */
export async function findItineraries(db: Kysely<Database>, tourId: number) {
  const { version } = await db.selectFrom('tours').select('version').where('id', '=', tourId).executeTakeFirstOrThrow();
  const itineraries = await db.selectFrom('itineraries').select(ITINERARY_COLUMNS).where('tour_id', '=', tourId).orderBy('position').orderBy('id').execute();
  return { version, itineraries };
}

/** The ids of the tour's itinerary rows. */
export async function itineraryIdsOf(db: Kysely<Database>, tourId: number): Promise<Set<number>> {
  return new Set((await db.selectFrom('itineraries').select('id').where('tour_id', '=', tourId).execute()).map((row) => row.id));
}

/**
 * Makes the tour's itinerary the rows given, in their order: rows with an id (checked to be the
 * tour's by the caller) are updated, the others inserted, and stored rows left out are removed.
 */
export async function replaceItineraries(trx: Kysely<Database>, tourId: number, rows: readonly (ItineraryRow & { id?: number })[]): Promise<void> {
  const kept = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
  let removal = trx.deleteFrom('itineraries').where('tour_id', '=', tourId);
  if (kept.length) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  for (const [position, { id, ...row }] of rows.entries()) {
    const values = { ...row, position };
    if (id === undefined)
      await trx
        .insertInto('itineraries')
        .values({ ...values, tour_id: tourId })
        .execute();
    else await trx.updateTable('itineraries').set(values).where('id', '=', id).execute();
  }
}
