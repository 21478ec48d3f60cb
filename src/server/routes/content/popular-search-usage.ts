import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SearchTarget } from './follow-slug-rename.js';
import { selectRows } from '../../db/select-rows.js';

/**
 * Says which popular searches of the site options lead to this slug (a sentence for a 409), or
 * null when none does. The searches name their tour, destination or region by slug, which no
 * foreign key guards: deleting what one names would leave the website a link to nothing, and the
 * options could no longer be saved as read (the save checks every slug).
 */
export async function popularSearchUsage(db: Kysely<Database>, target: SearchTarget, slug: string): Promise<string | null> {
  const rows = await selectRows(
    db,
    sql<{ name: string }>`
    SELECT search->>'name' AS name
    FROM site_options, jsonb_array_elements(popular_searches) AS search
    WHERE search->>'type' = ${target} AND search->>'slug' = ${slug}`,
  );
  if (rows.length === 0) return null;
  const names = rows.map((row) => `"${row.name}"`).join(', ');
  return `It is still linked from the popular search${rows.length === 1 ? '' : 'es'} ${names} of the site options, so it was not deleted. Remove ${rows.length === 1 ? 'that search' : 'those searches'} first.`;
}
