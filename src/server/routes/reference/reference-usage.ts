import type { Kysely } from 'kysely';
import { findPlaceSlug, listDestinationNamesOfRegion } from '../../db/repositories/destination-repository.js';
import { toursLinkingTo, toursOfOperator } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import type { SearchTarget } from '../../db/repositories/content-site-options.js';
import { popularSearchUsage } from '../content/popular-search-usage.js';

/** Says what still uses a row (a sentence for a 409), or null when it is free to delete. */
export type UsageCheck = (db: Kysely<Database>, id: number) => Promise<string | null>;

const SHOWN = 5;

const sentence = (what: string, names: string[], total: number) => {
  if (total === 0) return null;
  const more = total > names.length ? ` and ${total - names.length} more` : '';
  return `It is still used by ${what} ${names.join(', ')}${more}, so it was not deleted.`;
};

// Tours keep some links as id lists in jsonb columns, which no foreign key guards; soft-deleted
// tours are ignored, since staff can no longer see or fix them.
const toursListing =
  (column: 'destinations' | 'regions' | 'related_themes'): UsageCheck =>
  async (db, id) => {
    const { names, total } = await toursLinkingTo(db, column, id, SHOWN);
    return sentence(
      'tours',
      names.map((row) => row.name),
      Number(total),
    );
  };

/** An operator is referenced by tours through a foreign key, deleted tours included. */
export const operatorUsage: UsageCheck = async (db, id) => {
  const { names, total } = await toursOfOperator(db, id, SHOWN);
  return sentence(
    'tours',
    names.map((row) => row.name),
    Number(total),
  );
};

/** The popular searches of the site options that lead to the row, by its slug. */
const popularSearches =
  (target: SearchTarget, table: 'destinations' | 'regions'): UsageCheck =>
  async (db, id) => {
    const row = await findPlaceSlug(db, table, id);
    return row?.slug ? popularSearchUsage(db, target, row.slug) : null;
  };

/** The first use any of the checks finds. */
const firstUse =
  (...checks: UsageCheck[]): UsageCheck =>
  async (db, id) => {
    for (const check of checks) {
      const use = await check(db, id);
      if (use) return use;
    }
    return null;
  };

export const destinationUsage: UsageCheck = firstUse(toursListing('destinations'), popularSearches('destination', 'destinations'));
export const categoryUsage: UsageCheck = toursListing('related_themes');

const regionDestinations: UsageCheck = async (db, id) => {
  const destinations = await listDestinationNamesOfRegion(db, id);
  return sentence(
    'destinations',
    destinations.slice(0, SHOWN).map((row) => row.name),
    destinations.length,
  );
};

export const regionUsage: UsageCheck = firstUse(regionDestinations, toursListing('regions'), popularSearches('region', 'regions'));
