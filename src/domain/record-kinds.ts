import type { ReferenceKey } from './reference/reference-resources.js';

// The records whose form shows "Last changed by ... on ..." (issue 22): every table with an id
// and a version, so every record staff edit through a form. Migration 013 puts its trigger on
// each; the price rows of a season have the price history instead.
export const RECORD_KINDS = [
  'tours',
  'tour_seasons',
  'bookings',
  'markup_models',
  'categories',
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
  'media',
  'galleries',
  'blog_posts',
  'pages',
  'offers',
  'redirects',
  'site_options',
  'homepage_collection',
  'contacts',
] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

/** A reference resource's record kind: its table, named as its key with underscores ('room-types': room_types). */
export const referenceRecordKind = (key: ReferenceKey): RecordKind => key.replaceAll('-', '_') as RecordKind;
