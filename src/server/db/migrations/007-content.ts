import { sql, type Kysely } from 'kysely';

// Website content (SPEC.md sections 3 and 7, Content): blog posts, pages with their inspiration
// slides and blocks, offers, redirects, site options, reviews, the homepage collection,
// navigations and contacts.
//
// Images are foreign keys to media (migration 006), in child tables rather than JSON wherever a
// list holds images (slides, blocks, homepage items), so an image in use cannot be deleted and the
// media library can name what uses it. Tour and bike links of an offer are keyed the same way;
// related_tours stays a JSON id list like tours.related_tours (tours are never hard-deleted).
// Site options, the homepage collection and the navigation groups are single records created
// here, so they can always be read and are only ever updated under their version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blog_posts (
      id serial PRIMARY KEY,
      title text NOT NULL,
      slug text NOT NULL UNIQUE,
      content text NOT NULL DEFAULT '',
      overview text NOT NULL DEFAULT '',
      related_tours jsonb NOT NULL DEFAULT '[]',
      show_on_homepage boolean NOT NULL DEFAULT true,
      banner_id integer REFERENCES media(id),
      overview_image_id integer REFERENCES media(id),
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX blog_posts_newest ON blog_posts (created_at DESC, id DESC);

    CREATE TABLE pages (
      id serial PRIMARY KEY,
      title text NOT NULL,
      subtitle text NOT NULL DEFAULT '',
      slug text NOT NULL,
      section text CHECK (section IN ('inspiration', 'explore')),
      content text NOT NULL DEFAULT '',
      ksp_content text NOT NULL DEFAULT '',
      ksp_bg_hex text NOT NULL DEFAULT '',
      ksp_button_title text NOT NULL DEFAULT '',
      ksp_button_url text NOT NULL DEFAULT '',
      overview text NOT NULL DEFAULT '',
      related_tours jsonb NOT NULL DEFAULT '[]',
      destination_id integer REFERENCES destinations(id),
      media_id integer REFERENCES media(id),
      banner_id integer REFERENCES media(id),
      overview_image_id integer REFERENCES media(id),
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    -- A slug is unique within its section; top-level pages (no section) share one namespace.
    CREATE UNIQUE INDEX pages_section_slug ON pages ((coalesce(section, '')), slug);
    CREATE INDEX pages_title ON pages (lower(title), id);
    CREATE INDEX pages_destination ON pages (destination_id) WHERE destination_id IS NOT NULL;
    CREATE TABLE page_slides (
      id serial PRIMARY KEY,
      page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      name text NOT NULL,
      subtitle text NOT NULL DEFAULT '',
      slug text NOT NULL,
      type text NOT NULL,
      media_id integer REFERENCES media(id),
      "order" integer NOT NULL DEFAULT 0,
      position integer NOT NULL
    );
    CREATE INDEX page_slides_page ON page_slides (page_id, position);
    CREATE TABLE page_blocks (
      id serial PRIMARY KEY,
      page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      content text NOT NULL DEFAULT '',
      media_id integer REFERENCES media(id),
      "order" integer NOT NULL DEFAULT 0,
      position integer NOT NULL
    );
    CREATE INDEX page_blocks_page ON page_blocks (page_id, position);

    CREATE TABLE offers (
      id serial PRIMARY KEY,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'live')),
      title text NOT NULL,
      subtitle text NOT NULL,
      slug text NOT NULL UNIQUE,
      type text NOT NULL DEFAULT 'tour' CHECK (type IN ('tour', '2for1bikes', 'freebikes')),
      discount numeric,
      booking_window_start date,
      booking_window_end date,
      start_window_start date,
      start_window_end date,
      content text NOT NULL DEFAULT '',
      media_id integer REFERENCES media(id),
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX offers_name ON offers (lower(name), id);
    CREATE TABLE offer_tours (
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      tour_id integer NOT NULL REFERENCES tours(id),
      position integer NOT NULL,
      PRIMARY KEY (offer_id, tour_id)
    );
    CREATE INDEX offer_tours_tour ON offer_tours (tour_id);
    CREATE TABLE offer_bikes (
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      bike_id integer NOT NULL REFERENCES bikes(id),
      position integer NOT NULL,
      PRIMARY KEY (offer_id, bike_id)
    );
    CREATE INDEX offer_bikes_bike ON offer_bikes (bike_id);

    CREATE TABLE redirects (
      id serial PRIMARY KEY,
      old_url text NOT NULL UNIQUE,
      new_url text NOT NULL,
      code integer NOT NULL DEFAULT 301 CHECK (code IN (301, 302, 303, 304, 305, 307, 308, 404, 410)),
      show boolean NOT NULL DEFAULT true,
      version integer NOT NULL DEFAULT 1
    );

    CREATE TABLE reviews (
      id serial PRIMARY KEY,
      author text NOT NULL,
      rating numeric NOT NULL,
      date date
    );
    CREATE INDEX reviews_newest ON reviews (date DESC NULLS LAST, id DESC);

    CREATE TABLE site_options (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      contact_content text NOT NULL DEFAULT '',
      telephone_uk_opening text NOT NULL DEFAULT '',
      telephone_uk_clarifier text NOT NULL DEFAULT '',
      telephone_uk_number text NOT NULL DEFAULT '',
      telephone_us_opening text NOT NULL DEFAULT '',
      telephone_us_clarifier text NOT NULL DEFAULT '',
      telephone_us_number text NOT NULL DEFAULT '',
      featured_reviews jsonb NOT NULL DEFAULT '[]',
      popular_searches jsonb NOT NULL DEFAULT '[]',
      version integer NOT NULL DEFAULT 1
    );
    INSERT INTO site_options (id) VALUES (1);

    CREATE TABLE homepage_collection (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      title text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1
    );
    INSERT INTO homepage_collection (id) VALUES (1);
    CREATE TABLE homepage_collection_items (
      id serial PRIMARY KEY,
      media_id integer NOT NULL REFERENCES media(id),
      title text NOT NULL DEFAULT '',
      url text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      position integer NOT NULL
    );
    CREATE INDEX homepage_collection_items_media ON homepage_collection_items (media_id);

    CREATE TABLE navigations (
      "group" text PRIMARY KEY CHECK ("group" IN ('destinations', 'categories', 'special_offers', 'regions', 'information')),
      column_1 jsonb NOT NULL DEFAULT '{"title": "", "links": []}',
      column_2 jsonb NOT NULL DEFAULT '{"title": "", "links": []}',
      column_3 jsonb NOT NULL DEFAULT '{"title": "", "links": []}',
      version integer NOT NULL DEFAULT 1
    );
    INSERT INTO navigations ("group") VALUES ('destinations'), ('categories'), ('special_offers'), ('regions'), ('information');

    CREATE TABLE contacts (
      id serial PRIMARY KEY,
      email text NOT NULL DEFAULT '',
      tel_gb text NOT NULL DEFAULT '',
      tel_us text NOT NULL DEFAULT '',
      tel_au text NOT NULL DEFAULT '',
      opening_hours_at_monday text NOT NULL DEFAULT '',
      opening_hours_at_tuesday text NOT NULL DEFAULT '',
      opening_hours_at_wednesday text NOT NULL DEFAULT '',
      opening_hours_at_thursday text NOT NULL DEFAULT '',
      opening_hours_at_friday text NOT NULL DEFAULT '',
      opening_hours_at_saturday text NOT NULL DEFAULT '',
      opening_hours_at_sunday text NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE contacts;
    DROP TABLE navigations;
    DROP TABLE homepage_collection_items;
    DROP TABLE homepage_collection;
    DROP TABLE site_options;
    DROP TABLE reviews;
    DROP TABLE redirects;
    DROP TABLE offer_bikes;
    DROP TABLE offer_tours;
    DROP TABLE offers;
    DROP TABLE page_blocks;
    DROP TABLE page_slides;
    DROP TABLE pages;
    DROP TABLE blog_posts;
  `.execute(db);
}
