import type { Kysely } from 'kysely';
import { searchesLeadingTo, type SearchTarget } from '../../db/repositories/content-site-options.js';
import type { Database } from '../../db/schema.js';

/**
 * Says which popular searches of the site options lead to this slug (a sentence for a 409), or
 * null when none does. The searches name their tour, destination or region by slug, which no
 * foreign key guards: deleting what one names would leave the website a link to nothing, and the
 * options could no longer be saved as read (the save checks every slug).
 */
export async function popularSearchUsage(db: Kysely<Database>, target: SearchTarget, slug: string): Promise<string | null> {
  const found = await searchesLeadingTo(db, target, slug);
  if (found.length === 0) return null;
  const names = found.map((name) => `"${name}"`).join(', ');
  return (
    `It is still linked from the popular search${found.length === 1 ? '' : 'es'} ${names} of the site ` +
    `options, so it was not deleted. Remove ${found.length === 1 ? 'that search' : 'those searches'} first.`
  );
}
