// The deterministic demo data generator: reference data, tours, seasons with prices and extras,
// bookings with parties and payments, and enquiries, all invented. Everything is written in one
// transaction (all or nothing) with multi-row inserts; the same seed gives the same rows.

import { sql, type Kysely } from 'kysely';
import { refreshStatistics } from '../refresh-statistics.js';
import type { Database } from '../schema.js';
import type { TableName } from './batch-insert.js';
import { seedReferenceData } from './reference-data.js';
import { seedThemes } from './seed-themes.js';
import { seedBookings } from './seed-bookings.js';
import { seedContent } from './seed-content.js';
import { seedEnquiries } from './seed-enquiries.js';
import { seedPictures } from './seed-pictures.js';
import { SEED_SCALES, type SeedScale } from './seed-scale.js';
import { insertTourSeasons, planTourSeasons } from './seed-tour-seasons.js';
import { insertTours, planTours } from './seed-tours.js';
import { createSeededRandom } from './seeded-random.js';
import type { MediaStore } from '../../media/media-store.js';

export type { SeedScale } from './seed-scale.js';

export const DEFAULT_SEED = 2026;

export const SEEDED_TABLES = [
  'currencies',
  'seasons',
  'currency_rates',
  'markup_models',
  'markup_rates',
  'room_types',
  'accommodation_categories',
  'bikes',
  'boats',
  'decks',
  'operators',
  'hotels',
  'restaurants',
  'regions',
  'destinations',
  'destination_regions',
  'tours',
  'categories',
  'category_tours',
  'tour_meta',
  'itineraries',
  'tour_documentation',
  'tour_seasons',
  'tour_routes',
  'tour_pricing_categories',
  'tour_prices',
  'tour_bikes',
  'tour_party_extras',
  'tour_party_extra_variations',
  'tour_room_extras',
  'tour_room_extra_variations',
  'tour_reductions',
  'tour_specifications',
  'bookings',
  'booking_rooms',
  'party_members',
  'booking_snapshots',
  'payments',
  'enquiries',
  // Website content; its single records (site options, homepage collection, navigations) exist
  // from the migration on, so they are not listed: they would make every database look seeded.
  'reviews',
  'blog_posts',
  'offers',
  'offer_tours',
  'offer_bikes',
  'pages',
  'page_slides',
  'page_blocks',
  'redirects',
  'contacts',
] as const satisfies readonly TableName[];

export type SeededTable = (typeof SEEDED_TABLES)[number];

/** Filled when the seed is given a media folder to draw its pictures into. */
export const SEEDED_PICTURE_TABLES = ['media', 'galleries', 'gallery_media'] as const satisfies readonly TableName[];
type CountedTable = SeededTable | (typeof SEEDED_PICTURE_TABLES)[number];

export type SeedOptions = {
  scale: SeedScale;
  seed?: number;
  onProgress?: (message: string) => void;
  /**
   * Where the media library keeps its files (the server's media store): with it, the seed draws a
   * few pictures there and files them in the library, galleries and tours (issue 28). Without it
   * (tests of the data alone), no picture is made.
   */
  media?: MediaStore;
};

export type SeedSummary = {
  scale: SeedScale;
  seed: number;
  durationMs: number;
  counts: Record<CountedTable, number>;
  /** The season whose currency-rate change the bulk-pricing benchmark makes (the first). */
  bulkPricingSeason: { seasonId: number; name: string; priceRows: number };
  /** The tour season with the most price rows. */
  largestTourSeason: { tourSeasonId: number; tourId: number; tourName: string; seasonName: string; priceRows: number };
};

/**
 * True when none of the tables the seed fills holds a row (users and sessions do not count: a
 * staff account may be made before the first start). Notes count, as they are staff work.
 */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const tables: TableName[] = [...SEEDED_TABLES, ...SEEDED_PICTURE_TABLES, 'notes'];
  const probes = tables.map((table) => sql`(SELECT 1 FROM ${sql.table(table)} LIMIT 1)`);
  const result = await sql<{ found: boolean }>`SELECT EXISTS (${sql.join(probes, sql` UNION ALL `)}) AS found`.execute(db);
  return !result.rows[0].found;
}

export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const profile = SEED_SCALES[options.scale];
  const progress = options.onProgress ?? (() => undefined);
  const random = createSeededRandom(seed);

  const summary = await db.transaction().execute(async (trx) => {
    progress('Reference data');
    const reference = await seedReferenceData(trx, random.fork('reference'));

    progress(`Tours (${profile.tours})`);
    const tours = planTours(random.fork('tours'), reference, profile.tours, profile.largestSeasonCategories !== null);
    await insertTours(trx, random.fork('tour-content'), reference, tours);
    await seedThemes(trx, random.fork('themes'), tours);
    if (options.media !== undefined) {
      progress('Pictures');
      await seedPictures(trx, options.media, tours);
    }

    progress('Pricing tour seasons');
    const seasonPlans = planTourSeasons(random.fork('seasons'), reference, tours, profile);
    const bulkSeason = reference.seasons[0];
    const pricesOf = (plan: (typeof seasonPlans)[number]) => plan.categories.reduce((total, category) => total + category.prices.length, 0);
    const bulkSeasonPrices = seasonPlans.filter((plan) => plan.season === bulkSeason).reduce((total, plan) => total + pricesOf(plan), 0);
    if (bulkSeasonPrices < profile.minimumBulkSeasonPrices) {
      throw new Error(
        `The ${options.scale} seed made ${bulkSeasonPrices} price rows in season ${bulkSeason.name}; the benchmarks need ${profile.minimumBulkSeasonPrices}.`,
      );
    }
    await insertTourSeasons(trx, seasonPlans, progress);
    const largest = seasonPlans.reduce((best, plan) => (pricesOf(plan) > pricesOf(best) ? plan : best));

    await seedBookings(trx, random.fork('bookings'), seasonPlans, profile.bookings, progress);
    progress(`Enquiries (${profile.enquiries})`);
    await seedEnquiries(trx, random.fork('enquiries'), reference, tours, profile.enquiries);
    progress('Website content');
    await seedContent(trx, reference, tours);

    return {
      scale: options.scale,
      seed,
      durationMs: Math.round(performance.now() - started),
      counts: await countRows(trx),
      bulkPricingSeason: { seasonId: bulkSeason.id, name: bulkSeason.name, priceRows: bulkSeasonPrices },
      largestTourSeason: {
        tourSeasonId: largest.id,
        tourId: largest.tour.id,
        tourName: largest.tour.name,
        seasonName: largest.season.name,
        priceRows: pricesOf(largest),
      },
    };
  });
  progress('Planner statistics');
  await refreshStatistics(db);
  return { ...summary, durationMs: Math.round(performance.now() - started) };
}

async function countRows(db: Kysely<Database>): Promise<Record<CountedTable, number>> {
  const counts = [...SEEDED_TABLES, ...SEEDED_PICTURE_TABLES].map(
    (table) => sql`SELECT ${table}::text AS name, count(*)::integer AS rows FROM ${sql.table(table)}`,
  );
  const result = await sql<{ name: CountedTable; rows: number }>`${sql.join(counts, sql` UNION ALL `)}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.rows])) as Record<CountedTable, number>;
}
