import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';

/** What a popular search leads to (site options), each named by its slug. */
export type SearchTarget = 'tour' | 'destination' | 'region';

const SEARCH_TABLES = { tour: 'tours', destination: 'destinations', region: 'regions' } as const;

/** The one row of site options, its popular searches as stored. */
export async function findSiteOptions(db: Kysely<Database>) {
  return db.selectFrom('site_options').selectAll().executeTakeFirstOrThrow();
}

/** Writes the options only if they are still at `version`; false when someone changed them. */
export async function updateSiteOptions(trx: Kysely<Database>, version: number, values: Updateable<Database['site_options']>): Promise<boolean> {
  const written = await trx
    .updateTable('site_options')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('version', '=', version)
    .executeTakeFirst();
  return Boolean(written.numUpdatedRows);
}

/** Whether a popular search of this kind may lead to the slug: the row exists (a tour must not be deleted). */
export async function searchTargetExists(db: Kysely<Database>, target: SearchTarget, slug: string): Promise<boolean> {
  let query = db.selectFrom(SEARCH_TABLES[target]).select('id').where('slug', '=', slug);
  // A deleted tour keeps its slug until another takes it, but the website no longer shows it.
  if (target === 'tour') query = query.where('deleted', '=', false);
  return Boolean(await query.executeTakeFirst());
}

/** The names of the popular searches that lead to the slug. */
export async function searchesLeadingTo(db: Kysely<Database>, target: SearchTarget, slug: string): Promise<string[]> {
  const rows = await selectRows(
    db,
    sql<{ name: string }>`
    SELECT search->>'name' AS name
    FROM site_options, jsonb_array_elements(popular_searches) AS search
    WHERE search->>'type' = ${target} AND search->>'slug' = ${slug}`,
  );
  return rows.map((row) => row.name);
}

/**
 * Popular searches name their tour, destination or region by slug, which no foreign key guards.
 * When a slug changes, the searches naming the old one follow it, in the caller's transaction, and
 * the site options' version moves (their content changed): otherwise the website's link would lead
 * nowhere and the options could no longer be saved as read (the save checks every slug).
 */
export async function followSlugRename(trx: Kysely<Database>, target: SearchTarget, from: string, to: string): Promise<void> {
  if (from === to) return;
  await trx
    .updateTable('site_options')
    .set({
      version: sql<number>`version + 1`,
      popular_searches: sql`(
        SELECT jsonb_agg(CASE WHEN search->>'type' = ${target} AND search->>'slug' = ${from}
                          THEN jsonb_set(search, '{slug}', to_jsonb(${to}::text)) ELSE search END ORDER BY position)
        FROM jsonb_array_elements(popular_searches) WITH ORDINALITY AS searches(search, position)
      )`,
    })
    .where(sql<boolean>`popular_searches @> ${JSON.stringify([{ type: target, slug: from }])}::jsonb`)
    .execute();
}

/** Every review, newest first (undated last). */
export function listReviews(db: Kysely<Database>) {
  return db
    .selectFrom('reviews')
    .select(['id', 'author', 'rating', 'date'])
    .orderBy(sql`date DESC NULLS LAST`)
    .orderBy('id', 'desc')
    .execute();
}
