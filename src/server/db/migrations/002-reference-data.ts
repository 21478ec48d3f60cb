import { sql, type Kysely } from 'kysely';

// Categories (themes) with their ordered tours, a version on every reference row so a stale edit
// is refused rather than lost, and indexes for the lists that grow (filter, sort and page by name)
// and for the foreign-key checks a delete runs.
const VERSIONED = [
  'currencies',
  'seasons',
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
];
const BY_NAME = ['hotels', 'restaurants', 'operators', 'regions', 'destinations', 'categories'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE categories (
      id serial PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      short_description text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      filter_id text NOT NULL DEFAULT 'none',
      media_id integer,
      gallery_id integer,
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1
    );
    CREATE TABLE category_tours (
      category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
      tour_id integer NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (category_id, tour_id)
    );
    CREATE INDEX category_tours_tour ON category_tours (tour_id);
    CREATE INDEX destination_regions_region ON destination_regions (region_id);
    CREATE INDEX currency_rates_season ON currency_rates (season_id);
  `.execute(db);
  for (const table of VERSIONED) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  }
  for (const table of BY_NAME) {
    await sql`CREATE INDEX ${sql.id(`${table}_name`)} ON ${sql.table(table)} (lower(name), id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of BY_NAME) await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_name`)}`.execute(db);
  for (const table of VERSIONED) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN version`.execute(db);
  await sql`
    DROP INDEX IF EXISTS currency_rates_season;
    DROP INDEX IF EXISTS destination_regions_region;
    DROP TABLE category_tours;
    DROP TABLE categories;
  `.execute(db);
}
