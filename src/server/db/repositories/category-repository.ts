import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The tour links of the given categories, in the order staff gave. */
export function listCategoryTours(db: Kysely<Database>, categoryIds: readonly number[]) {
  return db
    .selectFrom('category_tours')
    .selectAll()
    .where('category_id', 'in', [...categoryIds])
    .orderBy('position')
    .execute();
}

/** The category's tours become exactly `tourIds`, in that order. */
export async function replaceCategoryTours(trx: Kysely<Database>, categoryId: number, tourIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('category_tours').where('category_id', '=', categoryId).execute();
  if (tourIds.length)
    await trx
      .insertInto('category_tours')
      .values(tourIds.map((tour_id, position) => ({ category_id: categoryId, tour_id, position })))
      .execute();
}
