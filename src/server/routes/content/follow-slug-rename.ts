import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What a popular search leads to (site options), each named by its slug. */
export type SearchTarget = 'tour' | 'destination' | 'region';

/**
 * Popular searches name their tour, destination or region by slug, which no foreign key guards.
 * When a slug changes, the searches naming the old one follow it, in the caller's transaction, and
 * the site options' version moves (their content changed): otherwise the website's link would lead
 * nowhere and the options could no longer be saved as read (the save checks every slug).
 */
export async function followSlugRename(trx: Kysely<Database>, target: SearchTarget, from: string, to: string): Promise<void> {
  if (from === to) return;
  await sql`
    UPDATE site_options SET version = version + 1, popular_searches = (
      SELECT jsonb_agg(CASE WHEN search->>'type' = ${target} AND search->>'slug' = ${from} THEN jsonb_set(search, '{slug}', to_jsonb(${to}::text)) ELSE search END ORDER BY position)
      FROM jsonb_array_elements(popular_searches) WITH ORDINALITY AS searches(search, position)
    )
    WHERE popular_searches @> ${JSON.stringify([{ type: target, slug: from }])}::jsonb`.execute(trx);
}
