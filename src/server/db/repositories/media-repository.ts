import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../schema.js';

// LIKE treats % and _ as wildcards: a search for "50%" means the characters.
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export function findMedia(db: Kysely<Database>, id: number) {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Up to `limit` images from `offset`, newest first, each having every word in its title, caption,
 * alt, credit or file name.
 */
export function searchMedia(db: Kysely<Database>, words: readonly string[], limit: number, offset: number) {
  let query = db.selectFrom('media').selectAll();
  for (const word of words) {
    const pattern = likePattern(word);
    query = query.where(
      sql<boolean>`(title ILIKE ${pattern} OR caption ILIKE ${pattern} OR alt ILIKE ${pattern} OR credit ILIKE ${pattern} OR original_name ILIKE ${pattern})`,
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Writes the image's text and its next version when it is still at `version`; undefined when not. */
export function updateMediaText(db: Kysely<Database>, id: number, version: number, text: Updateable<Database['media']>) {
  return db
    .updateTable('media')
    .set({ ...text, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export function insertMedia(trx: Kysely<Database>, values: Insertable<Database['media']>) {
  return trx.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteMedia(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('media').where('id', '=', id).execute();
}

/** The ids among `ids` that name an image. */
export async function existingMediaIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  return new Set(
    (
      await db
        .selectFrom('media')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
}
