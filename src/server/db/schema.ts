import type { ColumnType, Generated } from 'kysely';

// Row types of the tables, as Kysely sees them. Numeric columns arrive as numbers (see
// database.ts), dates as 'YYYY-MM-DD' strings, jsonb as parsed JSON.
type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Num = ColumnType<number, number | undefined, number>;
type Version = Generated<number>;

export type UsersTable = { id: Id; email_address: string; password_hash: string; created_at: Generated<Date> };
export type SessionsTable = {
  id: Id;
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  revoked_at: Date | null;
};
export type LoginAttemptsTable = { key: string; failures: number; blocked_until: Date | null; updated_at: Timestamp };

export type CurrenciesTable = { id: Id; name: string; symbol: string; rate: Num; version: Version };
export type SeasonsTable = { id: Id; name: string; model_id: number | null; currency_id: number | null; version: Version };
export type CurrencyRatesTable = { currency_id: number; season_id: number; rate: number };
export type MarkupModelsTable = { id: Id; name: string; season_id: number; version: Version };
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
  original_name: string;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  title: string;
  caption: string;
  alt: string;
  credit: string;
  created_at: Generated<Date>;
  version: Version;
};
export type GalleriesTable = { id: Id; created_at: Generated<Date>; version: Version };
export type GalleryMediaTable = { gallery_id: number; media_id: number; position: number };

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
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
};
