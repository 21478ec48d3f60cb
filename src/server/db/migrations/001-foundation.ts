import { sql, type Kysely } from 'kysely';

// The whole first schema as plain SQL: it runs unchanged on PGlite and PostgreSQL. Money and
// rates are numeric (exact decimals); foreign keys restrict deletes so "in use" is the database's
// answer, not the app's guess. Aggregates that staff edit carry a `version` for optimistic locking.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      email_address text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE TABLE login_attempts (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      blocked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE currencies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      symbol text NOT NULL DEFAULT '',
      rate numeric NOT NULL DEFAULT 1
    );
    CREATE TABLE seasons (
      id serial PRIMARY KEY,
      name text NOT NULL,
      model_id integer,
      currency_id integer REFERENCES currencies(id)
    );
    CREATE TABLE currency_rates (
      currency_id integer NOT NULL REFERENCES currencies(id) ON DELETE CASCADE,
      season_id integer NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
      rate numeric NOT NULL,
      PRIMARY KEY (currency_id, season_id)
    );
    CREATE TABLE markup_models (
      id serial PRIMARY KEY,
      name text NOT NULL,
      season_id integer NOT NULL REFERENCES seasons(id),
      version integer NOT NULL DEFAULT 1
    );
    ALTER TABLE seasons ADD CONSTRAINT seasons_model_fk FOREIGN KEY (model_id) REFERENCES markup_models(id) ON DELETE SET NULL;
    CREATE TABLE markup_rates (
      id serial PRIMARY KEY,
      markup_model_id integer NOT NULL REFERENCES markup_models(id),
      commission numeric NOT NULL DEFAULT 0,
      markup numeric NOT NULL DEFAULT 0,
      supplement_markup numeric NOT NULL DEFAULT 0
    );

    CREATE TABLE room_types (id serial PRIMARY KEY, name text NOT NULL, sleeps integer NOT NULL DEFAULT 0);
    CREATE TABLE accommodation_categories (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE bikes (id serial PRIMARY KEY, name text NOT NULL, short_name text, default_order integer NOT NULL DEFAULT 99);
    CREATE TABLE boats (
      id serial PRIMARY KEY, name text NOT NULL, priority integer, description text NOT NULL DEFAULT '', gallery_id integer
    );
    CREATE TABLE decks (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE operators (id serial PRIMARY KEY, name text NOT NULL, contact text NOT NULL DEFAULT '');
    CREATE TABLE hotels (id serial PRIMARY KEY, name text NOT NULL, content text NOT NULL DEFAULT '');
    CREATE TABLE restaurants (id serial PRIMARY KEY, name text NOT NULL, content text NOT NULL DEFAULT '');
    CREATE TABLE regions (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE,
      short_description text NOT NULL DEFAULT '', description text NOT NULL DEFAULT '',
      media_id integer, gallery_id integer,
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT ''
    );
    CREATE TABLE destinations (
      id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE,
      short_description text NOT NULL DEFAULT '', description text NOT NULL DEFAULT '',
      currency text NOT NULL DEFAULT '', tipping text NOT NULL DEFAULT '', "order" integer NOT NULL DEFAULT 0,
      media_id integer, gallery_id integer,
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT ''
    );
    CREATE TABLE destination_regions (
      destination_id integer NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
      region_id integer NOT NULL REFERENCES regions(id),
      PRIMARY KEY (destination_id, region_id)
    );

    CREATE TABLE tours (
      id serial PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      tour_code text NOT NULL DEFAULT '',
      name_short text NOT NULL DEFAULT '',
      name_operator text NOT NULL DEFAULT '',
      operator_id integer REFERENCES operators(id),
      excerpt text NOT NULL DEFAULT '',
      media_id integer, hero_id integer, gallery_id integer, accommodation_gallery_id integer,
      content text NOT NULL DEFAULT '',
      highlights text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'draft',
      deleted boolean NOT NULL DEFAULT false,
      length text NOT NULL DEFAULT '',
      balance_due integer NOT NULL DEFAULT 0,
      months jsonb NOT NULL DEFAULT '[]',
      nights jsonb NOT NULL DEFAULT '[]',
      arrival_days jsonb NOT NULL DEFAULT '[]',
      difficulty jsonb NOT NULL DEFAULT '[]',
      bike_and_boat boolean NOT NULL DEFAULT false,
      guidance integer,
      solo_cyclists_allowed boolean NOT NULL DEFAULT false,
      boat_accommodation text NOT NULL DEFAULT '',
      start_point text NOT NULL DEFAULT '',
      finish_point text NOT NULL DEFAULT '',
      seo_title text NOT NULL DEFAULT '', seo_description text NOT NULL DEFAULT '', seo_keywords text NOT NULL DEFAULT '',
      destinations jsonb NOT NULL DEFAULT '[]',
      regions jsonb NOT NULL DEFAULT '[]',
      hotels jsonb NOT NULL DEFAULT '[]',
      restaurants jsonb NOT NULL DEFAULT '[]',
      related_tours jsonb NOT NULL DEFAULT '[]',
      related_themes jsonb NOT NULL DEFAULT '[]',
      "order" integer NOT NULL DEFAULT 0,
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX tours_slug_live ON tours (slug) WHERE NOT deleted;
    CREATE TABLE tour_meta (
      tour_id integer NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
      key text NOT NULL,
      value text NOT NULL DEFAULT '',
      PRIMARY KEY (tour_id, key)
    );
    CREATE TABLE itineraries (
      id serial PRIMARY KEY,
      tour_id integer NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
      day integer NOT NULL DEFAULT 1,
      title text NOT NULL DEFAULT '',
      type text NOT NULL DEFAULT 'public',
      content text NOT NULL DEFAULT '',
      media_id integer,
      position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE tour_documentation (
      id serial PRIMARY KEY,
      tour_id integer NOT NULL UNIQUE REFERENCES tours(id) ON DELETE CASCADE,
      arrival text NOT NULL DEFAULT '', luggage text NOT NULL DEFAULT '',
      food text NOT NULL DEFAULT '', bike_details text NOT NULL DEFAULT '', map_id integer
    );

    CREATE TABLE tour_seasons (
      id serial PRIMARY KEY,
      tour_id integer NOT NULL REFERENCES tours(id),
      season_id integer NOT NULL REFERENCES seasons(id),
      deposit numeric,
      markup_model_id integer REFERENCES markup_models(id),
      currency_id integer REFERENCES currencies(id),
      live boolean NOT NULL DEFAULT false,
      version integer NOT NULL DEFAULT 1,
      UNIQUE (tour_id, season_id)
    );
    CREATE TABLE tour_routes (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      name text NOT NULL
    );
    CREATE TABLE tour_pricing_categories (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      start date, "end" date,
      nights integer,
      guided boolean,
      boat_id integer REFERENCES boats(id),
      tour_route_id integer REFERENCES tour_routes(id) ON DELETE SET NULL,
      specific_dates jsonb NOT NULL DEFAULT '[]',
      restricted_dates jsonb NOT NULL DEFAULT '[]',
      restricted_days jsonb NOT NULL DEFAULT '[]',
      position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE tour_prices (
      id serial PRIMARY KEY,
      tour_pricing_category_id integer NOT NULL REFERENCES tour_pricing_categories(id) ON DELETE CASCADE,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      room_type_id integer REFERENCES room_types(id),
      accommodation_category_id integer REFERENCES accommodation_categories(id),
      deck_id integer REFERENCES decks(id),
      formula text,
      gross numeric NOT NULL DEFAULT 0,
      non_com numeric NOT NULL DEFAULT 0,
      net numeric NOT NULL DEFAULT 0,
      adjustment numeric NOT NULL DEFAULT 0,
      cost numeric NOT NULL DEFAULT 0,
      markup_rate_id integer REFERENCES markup_rates(id),
      position integer NOT NULL DEFAULT 0
    );
    CREATE INDEX tour_prices_category ON tour_prices (tour_pricing_category_id);
    CREATE INDEX tour_prices_season ON tour_prices (tour_season_id);
    CREATE TABLE tour_bikes (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      bike_id integer NOT NULL REFERENCES bikes(id),
      nights integer,
      boat_id integer REFERENCES boats(id),
      gallery_id integer,
      formula text,
      gross numeric NOT NULL DEFAULT 0,
      non_com numeric NOT NULL DEFAULT 0,
      net numeric NOT NULL DEFAULT 0,
      adjustment numeric NOT NULL DEFAULT 0,
      cost numeric NOT NULL DEFAULT 0,
      markup_rate_id integer REFERENCES markup_rates(id),
      "order" integer NOT NULL DEFAULT 0
    );
    CREATE INDEX tour_bikes_season ON tour_bikes (tour_season_id);
    CREATE TABLE tour_party_extras (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      guidance integer NOT NULL DEFAULT 0,
      boat_id integer REFERENCES boats(id),
      nights integer,
      "order" integer NOT NULL DEFAULT 0
    );
    CREATE TABLE tour_party_extra_variations (
      id serial PRIMARY KEY,
      tour_party_extra_id integer NOT NULL REFERENCES tour_party_extras(id) ON DELETE CASCADE,
      accommodation_category_id integer REFERENCES accommodation_categories(id),
      bike_id integer REFERENCES bikes(id),
      min_pax integer, max_pax integer,
      formula text,
      gross numeric NOT NULL DEFAULT 0,
      non_com numeric NOT NULL DEFAULT 0,
      net numeric NOT NULL DEFAULT 0,
      adjustment numeric NOT NULL DEFAULT 0,
      cost numeric NOT NULL DEFAULT 0,
      markup_rate_id integer REFERENCES markup_rates(id),
      position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE tour_room_extras (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      pre boolean NOT NULL DEFAULT true,
      post boolean NOT NULL DEFAULT true
    );
    CREATE TABLE tour_room_extra_variations (
      id serial PRIMARY KEY,
      tour_room_extra_id integer NOT NULL REFERENCES tour_room_extras(id) ON DELETE CASCADE,
      start date, "end" date,
      room_type_id integer REFERENCES room_types(id),
      accommodation_category_id integer REFERENCES accommodation_categories(id),
      specific_dates jsonb NOT NULL DEFAULT '[]',
      restricted_dates jsonb NOT NULL DEFAULT '[]',
      restricted_days jsonb NOT NULL DEFAULT '[]',
      formula text,
      gross numeric NOT NULL DEFAULT 0,
      non_com numeric NOT NULL DEFAULT 0,
      net numeric NOT NULL DEFAULT 0,
      adjustment numeric NOT NULL DEFAULT 0,
      cost numeric NOT NULL DEFAULT 0,
      markup_rate_id integer REFERENCES markup_rates(id),
      position integer NOT NULL DEFAULT 0
    );
    CREATE TABLE tour_reductions (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      percent numeric, cost numeric,
      room_type_id integer REFERENCES room_types(id),
      deck_id integer REFERENCES decks(id),
      output_quantity integer, output_min integer, output_max integer,
      input_quantity integer, input_min integer, input_max integer,
      child_calc_room integer, child_calc_accommodation integer
    );
    CREATE TABLE tour_specifications (
      id serial PRIMARY KEY,
      tour_season_id integer NOT NULL REFERENCES tour_seasons(id) ON DELETE CASCADE,
      price_includes text NOT NULL DEFAULT '',
      price_excludes text NOT NULL DEFAULT ''
    );

    CREATE TABLE bookings (
      id serial PRIMARY KEY,
      tour_id integer REFERENCES tours(id),
      tour_season_id integer REFERENCES tour_seasons(id),
      booking_reference text NOT NULL,
      title text NOT NULL DEFAULT '',
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'pending',
      tour_name text NOT NULL DEFAULT '',
      holiday_start_date date,
      arrival date,
      comments text NOT NULL DEFAULT '',
      filter_guided boolean, filter_nights integer, filter_boat integer, filter_from text,
      currency_id integer REFERENCES currencies(id),
      net_at_booking numeric, rate_at_booking numeric,
      total_cost numeric NOT NULL DEFAULT 0, total_rooms numeric NOT NULL DEFAULT 0,
      total_bikes numeric NOT NULL DEFAULT 0, total_room_extras numeric NOT NULL DEFAULT 0,
      total_party_extras numeric NOT NULL DEFAULT 0, total_reductions numeric NOT NULL DEFAULT 0,
      total_offers numeric NOT NULL DEFAULT 0, total_charges numeric NOT NULL DEFAULT 0,
      total_deposit numeric NOT NULL DEFAULT 0, total_at_booking numeric NOT NULL DEFAULT 0,
      customer jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX bookings_reference ON bookings (booking_reference);
    CREATE INDEX bookings_status ON bookings (status);
    CREATE INDEX bookings_created ON bookings (created_at DESC, id DESC);
    CREATE TABLE booking_rooms (
      id serial PRIMARY KEY,
      booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      room_id integer,
      name text NOT NULL DEFAULT '',
      category text NOT NULL DEFAULT '',
      cost numeric NOT NULL DEFAULT 0,
      extras jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX booking_rooms_booking ON booking_rooms (booking_id);
    CREATE TABLE party_members (
      id serial PRIMARY KEY,
      booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      title text NOT NULL DEFAULT '',
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      date_of_birth date,
      height integer,
      dietary_requirements text NOT NULL DEFAULT '',
      booking_room_id integer REFERENCES booking_rooms(id) ON DELETE SET NULL,
      tour_bike_id integer REFERENCES tour_bikes(id) ON DELETE SET NULL,
      extras jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX party_members_booking ON party_members (booking_id);
    CREATE TABLE booking_snapshots (
      id serial PRIMARY KEY,
      booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      snapshot text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX booking_snapshots_booking ON booking_snapshots (booking_id);
    CREATE TABLE payments (
      id serial PRIMARY KEY,
      booking_id integer NOT NULL REFERENCES bookings(id),
      tx_code text NOT NULL DEFAULT '',
      status text NOT NULL,
      amount numeric NOT NULL,
      sagepay_reference text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payments_booking ON payments (booking_id);
    CREATE TABLE enquiries (
      id serial PRIMARY KEY,
      name text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      telephone text NOT NULL DEFAULT '',
      message text NOT NULL DEFAULT '',
      destinations jsonb NOT NULL DEFAULT '[]',
      tours jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE notes (
      id serial PRIMARY KEY,
      note text NOT NULL,
      user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`.execute(db);
}
