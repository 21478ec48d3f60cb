import type { ColumnType, Generated } from 'kysely';
import type { PriceRowKind, RatesChange, RolloverRecord, RowSnapshot } from '../../domain/pricing/price-history.js';
import type { AccountAction } from '../../domain/staff.js';

// Row types of the tables, as Kysely sees them. Numeric columns arrive as numbers (see
// database.ts), dates as 'YYYY-MM-DD' strings, jsonb as parsed JSON.
type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Num = ColumnType<number, number | undefined, number>;
type Version = Generated<number>;

export type UsersTable = {
  id: Id;
  email_address: string;
  password_hash: string;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
  deactivated_at: Timestamp | null;
  version: Generated<number>;
  /** Set by a reset: the password is temporary, and its owner must choose their own first. */
  must_change_password: Generated<boolean>;
};
/** One account action (migration 017): who did what to whose account, when, from which address. */
export type AccountLogTable = {
  id: Generated<number>;
  created_at: Generated<Date>;
  actor_id: number | null;
  subject_id: number;
  action: AccountAction;
  address: string;
};
export type PriceChangeSetsTable = {
  id: Id;
  user_id: number | null;
  created_at: Generated<Date>;
  source: string;
  row_count: number;
  cost_change: Num;
  below_guardrail: Generated<number>;
  /** The rate change of a 'rates' set (migration 014); null for other sets and for those recorded before it. */
  rates_change: Json<RatesChange | null>;
  /** What a 'rollover' set created (migration 018); null for other sets. */
  rollover: Json<RolloverRecord | null>;
};
export type PriceChangesTable = {
  id: Id;
  change_set_id: number;
  tour_season_id: number;
  kind: PriceRowKind;
  row_id: number;
  before: Json<RowSnapshot | null>;
  after: Json<RowSnapshot | null>;
};
export type SessionsTable = {
  id: Id;
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  revoked_at: Date | null;
};
/** One open presence stream (migration 015): who has which season open, refreshed every few seconds. */
export type StreamPresenceTable = { stream_id: string; user_id: number; place: string; opened_at: Generated<Date>; last_seen_at: Generated<Date> };
export type LoginAttemptsTable = { key: string; failures: number; blocked_until: Date | null; updated_at: Timestamp };
export type PublishGateTable = { id: number; running_since: Date | null; last_published_at: Date | null };
export type UploadSlotsTable = { slot_id: string; user_id: number; started_at: Date };

export type CurrenciesTable = { id: Id; name: string; symbol: string; rate: Num; version: Version };
export type SeasonsTable = { id: Id; name: string; model_id: number | null; currency_id: number | null; version: Version };
export type CurrencyRatesTable = { currency_id: number; season_id: number; rate: number };
export type MarkupModelsTable = { id: Id; name: string; season_id: number; version: Version; min_margin_percent: Num | null; min_profit: Num | null };
export type MarkupRatesTable = { id: Id; markup_model_id: number; commission: Num; markup: Num; supplement_markup: Num };

export type RoomTypesTable = { id: Id; name: string; sleeps: number; version: Version };
export type NamedTable = { id: Id; name: string; version: Version };
export type BikesTable = { id: Id; name: string; short_name: string | null; default_order: Generated<number>; version: Version };
export type BoatsTable = { id: Id; name: string; priority: number | null; description: string; gallery_id: number | null; version: Version };
export type OperatorsTable = { id: Id; name: string; contact: Generated<string>; version: Version };
export type ContentTable = { id: Id; name: string; content: Generated<string>; version: Version };
type Seo = { seo_title: Generated<string>; seo_description: Generated<string>; seo_keywords: Generated<string> };
export type RegionsTable = Seo & {
  id: Id;
  name: string;
  slug: string;
  short_description: Generated<string>;
  description: Generated<string>;
  media_id: number | null;
  gallery_id: number | null;
  version: Version;
};
export type DestinationsTable = RegionsTable & { currency: Generated<string>; tipping: Generated<string>; order: Generated<number> };
export type DestinationRegionsTable = { destination_id: number; region_id: number };
export type CategoriesTable = Seo & {
  id: Id;
  name: string;
  slug: string;
  short_description: Generated<string>;
  description: Generated<string>;
  filter_id: Generated<string>;
  media_id: number | null;
  gallery_id: number | null;
  version: Version;
};
export type CategoryToursTable = { category_id: number; tour_id: number; position: Generated<number> };

export type ToursTable = Seo & {
  id: Id;
  name: string;
  slug: string;
  tour_code: Generated<string>;
  name_short: Generated<string>;
  name_operator: Generated<string>;
  operator_id: number | null;
  excerpt: Generated<string>;
  media_id: number | null;
  hero_id: number | null;
  gallery_id: number | null;
  accommodation_gallery_id: number | null;
  content: Generated<string>;
  highlights: Generated<string>;
  status: Generated<string>;
  deleted: Generated<boolean>;
  length: Generated<string>;
  balance_due: Generated<number>;
  months: Json<number[]>;
  nights: Json<number[]>;
  arrival_days: Json<number[]>;
  difficulty: Json<string[]>;
  bike_and_boat: Generated<boolean>;
  guidance: number | null;
  solo_cyclists_allowed: Generated<boolean>;
  boat_accommodation: Generated<string>;
  start_point: Generated<string>;
  finish_point: Generated<string>;
  destinations: Json<number[]>;
  regions: Json<number[]>;
  hotels: Json<number[]>;
  restaurants: Json<number[]>;
  related_tours: Json<number[]>;
  related_themes: Json<number[]>;
  order: Generated<number>;
  version: Version;
};
export type TourMetaTable = { tour_id: number; key: string; value: string };
export type ItinerariesTable = {
  id: Id;
  tour_id: number;
  day: number;
  title: string;
  type: string;
  content: string;
  media_id: number | null;
  position: number;
};
export type TourDocumentationTable = {
  id: Id;
  tour_id: number;
  arrival: string;
  luggage: string;
  food: string;
  bike_details: string;
  map_id: number | null;
};

export type TourSeasonsTable = {
  id: Id;
  tour_id: number;
  season_id: number;
  deposit: number | null;
  markup_model_id: number | null;
  currency_id: number | null;
  live: Generated<boolean>;
  version: Version;
};
export type TourRoutesTable = { id: Id; tour_season_id: number; name: string };
type DateRules = {
  specific_dates: Json<string[]>;
  restricted_dates: Json<string[]>;
  restricted_days: Json<number[]>;
};
/** The stored price fields shared by prices, bikes and extra variations. */
export type PriceColumns = {
  formula: string | null;
  gross: Num;
  non_com: Num;
  net: Num;
  adjustment: Num;
  cost: Num;
  markup_rate_id: number | null;
};
export type TourPricingCategoriesTable = DateRules & {
  id: Id;
  tour_season_id: number;
  start: string | null;
  end: string | null;
  /** The group's date ranges (date-ranges.ts); empty for a group stored before them without both dates. */
  date_ranges: Json<{ start: string; end: string }[]>;
  nights: number | null;
  guided: boolean | null;
  boat_id: number | null;
  tour_route_id: number | null;
  position: Generated<number>;
};
export type TourPricesTable = PriceColumns & {
  id: Id;
  tour_pricing_category_id: number;
  tour_season_id: number;
  room_type_id: number | null;
  accommodation_category_id: number | null;
  deck_id: number | null;
  position: Generated<number>;
};
export type TourBikesTable = PriceColumns & {
  id: Id;
  tour_season_id: number;
  bike_id: number;
  nights: number | null;
  boat_id: number | null;
  gallery_id: number | null;
  order: Generated<number>;
};
export type TourPartyExtrasTable = {
  id: Id;
  tour_season_id: number;
  name: string;
  guidance: number;
  boat_id: number | null;
  nights: number | null;
  order: Generated<number>;
};
export type TourPartyExtraVariationsTable = PriceColumns & {
  id: Id;
  tour_party_extra_id: number;
  accommodation_category_id: number | null;
  bike_id: number | null;
  min_pax: number | null;
  max_pax: number | null;
  position: Generated<number>;
};
export type TourRoomExtrasTable = { id: Id; tour_season_id: number; name: string; pre: boolean; post: boolean };
export type TourRoomExtraVariationsTable = PriceColumns &
  DateRules & {
    id: Id;
    tour_room_extra_id: number;
    start: string | null;
    end: string | null;
    room_type_id: number | null;
    accommodation_category_id: number | null;
    position: Generated<number>;
  };
export type TourReductionsTable = {
  id: Id;
  tour_season_id: number;
  order: Generated<number>;
  percent: number | null;
  cost: number | null;
  room_type_id: number | null;
  deck_id: number | null;
  output_quantity: number | null;
  output_min: number | null;
  output_max: number | null;
  input_quantity: number | null;
  input_min: number | null;
  input_max: number | null;
  child_calc_room: number | null;
  child_calc_accommodation: number | null;
};
export type TourSpecificationsTable = { id: Id; tour_season_id: number; price_includes: string; price_excludes: string };

export type BookingsTable = {
  id: Id;
  tour_id: number | null;
  tour_season_id: number | null;
  booking_reference: string;
  title: string;
  first_name: string;
  last_name: string;
  status: string;
  tour_name: string;
  holiday_start_date: string | null;
  arrival: string | null;
  comments: string;
  filter_guided: boolean | null;
  filter_nights: number | null;
  filter_boat: number | null;
  filter_from: string | null;
  currency_id: number | null;
  net_at_booking: number | null;
  rate_at_booking: number | null;
  total_cost: Num;
  total_rooms: Num;
  total_bikes: Num;
  total_room_extras: Num;
  total_party_extras: Num;
  total_reductions: Num;
  total_offers: Num;
  total_charges: Num;
  total_deposit: Num;
  total_at_booking: Num;
  customer: Json<Record<string, string>>;
  created_at: Timestamp;
  version: Version;
};
export type BookingRoomExtra = { id: number; post: boolean; name: string; cost: number; quantity: number; room_name: string; category: string };
export type BookingRoomsTable = {
  id: Id;
  booking_id: number;
  room_id: number | null;
  name: string;
  category: string;
  cost: Num;
  extras: Json<BookingRoomExtra[]>;
};
export type PartyMemberExtra = { id: number; name: string; cost: number; tour_party_extra_variation_id: number | null };
export type PartyMembersTable = {
  id: Id;
  booking_id: number;
  title: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  height: number | null;
  dietary_requirements: string;
  booking_room_id: number | null;
  tour_bike_id: number | null;
  extras: Json<PartyMemberExtra[]>;
};
/** Kept by triggers (migration 004): the booking list's search and its per-status totals. */
export type BookingSearchTable = { booking_id: number; created_at: Date; status: string; terms: string };
export type BookingStatusCountsTable = { status: string; bookings: number };
export type BookingSnapshotsTable = { id: Id; booking_id: number; snapshot: string; created_at: Generated<Date> };
export type PaymentsTable = {
  id: Id;
  booking_id: number;
  tx_code: string;
  status: string;
  amount: number;
  sagepay_reference: string;
  comment: string;
  created_at: Timestamp;
};
export type EnquiriesTable = {
  id: Id;
  name: string;
  email: string;
  telephone: string;
  message: string;
  destinations: Json<{ id: number; slug: string; name: string }[]>;
  tours: Json<{ id: number; name: string }[]>;
  created_at: Timestamp;
};
export type NotesTable = { id: Id; note: string; user_id: number | null; created_at: Generated<Date> };

export type MediaTable = {
  id: Id;
  file_name: string;
  original_name: Generated<string>;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  title: Generated<string>;
  caption: Generated<string>;
  alt: Generated<string>;
  credit: Generated<string>;
  created_at: Generated<Date>;
  version: Version;
};
export type GalleriesTable = { id: Id; created_at: Generated<Date>; version: Version };
export type GalleryMediaTable = { gallery_id: number; media_id: number; position: number };

// Website content (migration 007).
export type BlogPostsTable = Seo & {
  id: Id;
  title: string;
  slug: string;
  content: Generated<string>;
  overview: Generated<string>;
  related_tours: Json<number[]>;
  show_on_homepage: Generated<boolean>;
  banner_id: number | null;
  overview_image_id: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  version: Version;
};
export type PagesTable = Seo & {
  id: Id;
  title: string;
  subtitle: Generated<string>;
  slug: string;
  section: 'inspiration' | 'explore' | null;
  content: Generated<string>;
  ksp_content: Generated<string>;
  ksp_bg_hex: Generated<string>;
  ksp_button_title: Generated<string>;
  ksp_button_url: Generated<string>;
  overview: Generated<string>;
  related_tours: Json<number[]>;
  destination_id: number | null;
  media_id: number | null;
  banner_id: number | null;
  overview_image_id: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  version: Version;
};
export type PageSlidesTable = {
  id: Id;
  page_id: number;
  name: string;
  subtitle: string;
  slug: string;
  type: string;
  media_id: number | null;
  order: number;
  position: number;
};
export type PageBlocksTable = { id: Id; page_id: number; content: string; media_id: number | null; order: number; position: number };
export type OffersTable = Seo & {
  id: Id;
  name: string;
  status: Generated<'draft' | 'live'>;
  title: string;
  subtitle: string;
  slug: string;
  type: Generated<'tour' | '2for1bikes' | 'freebikes'>;
  discount: number | null;
  booking_window_start: string | null;
  booking_window_end: string | null;
  start_window_start: string | null;
  start_window_end: string | null;
  content: Generated<string>;
  media_id: number | null;
  version: Version;
};
export type OfferToursTable = { offer_id: number; tour_id: number; position: number };
export type OfferBikesTable = { offer_id: number; bike_id: number; position: number };
export type RedirectsTable = { id: Id; old_url: string; new_url: string; code: Generated<number>; show: Generated<boolean>; version: Version };
export type ReviewsTable = { id: Id; author: string; rating: number; date: string | null };
export type SiteOptionsTable = {
  id: Generated<number>;
  contact_content: string;
  telephone_uk_opening: string;
  telephone_uk_clarifier: string;
  telephone_uk_number: string;
  telephone_us_opening: string;
  telephone_us_clarifier: string;
  telephone_us_number: string;
  featured_reviews: Json<number[]>;
  popular_searches: Json<{ name: string; primary: boolean; slug: string; type: 'tour' | 'destination' | 'region'; order: number }[]>;
  version: Version;
};
export type HomepageCollectionTable = { id: Generated<number>; title: string; content: string; version: Version };
export type HomepageCollectionItemsTable = { id: Id; media_id: number; title: string; url: string; description: string; position: number };
export type NavigationColumnValue = { title: string; links: { title: string; url: string; position: number }[] };
export type NavigationsTable = {
  group: string;
  column_1: Json<NavigationColumnValue>;
  column_2: Json<NavigationColumnValue>;
  column_3: Json<NavigationColumnValue>;
  version: Version;
};
export type ContactsTable = {
  id: Id;
  email: Generated<string>;
  tel_gb: Generated<string>;
  tel_us: Generated<string>;
  tel_au: Generated<string>;
  opening_hours_at_monday: Generated<string>;
  opening_hours_at_tuesday: Generated<string>;
  opening_hours_at_wednesday: Generated<string>;
  opening_hours_at_thursday: Generated<string>;
  opening_hours_at_friday: Generated<string>;
  opening_hours_at_saturday: Generated<string>;
  opening_hours_at_sunday: Generated<string>;
  version: Version;
};

/** Who last changed a record and when (migration 013; kept by triggers, never written by code). */
export type RecordChangesTable = { record_kind: string; record_id: number; changed_by: number | null; changed_at: Timestamp };

export type Database = {
  users: UsersTable;
  record_changes: RecordChangesTable;
  sessions: SessionsTable;
  account_log: AccountLogTable;
  price_change_sets: PriceChangeSetsTable;
  price_changes: PriceChangesTable;
  login_attempts: LoginAttemptsTable;
  stream_presence: StreamPresenceTable;
  publish_gate: PublishGateTable;
  upload_slots: UploadSlotsTable;
  currencies: CurrenciesTable;
  seasons: SeasonsTable;
  currency_rates: CurrencyRatesTable;
  markup_models: MarkupModelsTable;
  markup_rates: MarkupRatesTable;
  room_types: RoomTypesTable;
  accommodation_categories: NamedTable;
  bikes: BikesTable;
  boats: BoatsTable;
  decks: NamedTable;
  operators: OperatorsTable;
  hotels: ContentTable;
  restaurants: ContentTable;
  regions: RegionsTable;
  destinations: DestinationsTable;
  destination_regions: DestinationRegionsTable;
  categories: CategoriesTable;
  category_tours: CategoryToursTable;
  tours: ToursTable;
  tour_meta: TourMetaTable;
  itineraries: ItinerariesTable;
  tour_documentation: TourDocumentationTable;
  tour_seasons: TourSeasonsTable;
  tour_routes: TourRoutesTable;
  tour_pricing_categories: TourPricingCategoriesTable;
  tour_prices: TourPricesTable;
  tour_bikes: TourBikesTable;
  tour_party_extras: TourPartyExtrasTable;
  tour_party_extra_variations: TourPartyExtraVariationsTable;
  tour_room_extras: TourRoomExtrasTable;
  tour_room_extra_variations: TourRoomExtraVariationsTable;
  tour_reductions: TourReductionsTable;
  tour_specifications: TourSpecificationsTable;
  bookings: BookingsTable;
  booking_rooms: BookingRoomsTable;
  party_members: PartyMembersTable;
  booking_snapshots: BookingSnapshotsTable;
  booking_search: BookingSearchTable;
  booking_status_counts: BookingStatusCountsTable;
  payments: PaymentsTable;
  enquiries: EnquiriesTable;
  notes: NotesTable;
  media: MediaTable;
  galleries: GalleriesTable;
  gallery_media: GalleryMediaTable;
  blog_posts: BlogPostsTable;
  pages: PagesTable;
  page_slides: PageSlidesTable;
  page_blocks: PageBlocksTable;
  offers: OffersTable;
  offer_tours: OfferToursTable;
  offer_bikes: OfferBikesTable;
  redirects: RedirectsTable;
  reviews: ReviewsTable;
  site_options: SiteOptionsTable;
  homepage_collection: HomepageCollectionTable;
  homepage_collection_items: HomepageCollectionItemsTable;
  navigations: NavigationsTable;
  contacts: ContactsTable;
};
