import type { SelectOption } from '../reference/form-fields.js';

// Constants and labels of the website content (SPEC.md sections 4 and 9), shared by the screens
// and the server.

/** Redirect HTTP codes, with the legend the redirects list shows. */
export const REDIRECT_CODES = [301, 302, 303, 304, 305, 307, 308, 404, 410] as const;
export type RedirectCode = (typeof REDIRECT_CODES)[number];
export const DEFAULT_REDIRECT_CODE: RedirectCode = 301;
export const REDIRECT_CODE_LABELS: Record<RedirectCode, string> = {
  301: 'Moved Permanently',
  302: 'Found (temporary)',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  404: 'Not Found',
  410: 'Gone',
};
export const REDIRECT_CODE_OPTIONS: readonly SelectOption[] = REDIRECT_CODES.map((value) => ({ value, label: `${value} ${REDIRECT_CODE_LABELS[value]}` }));

export const OFFER_TYPES = ['tour', '2for1bikes', 'freebikes'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_TYPE_LABELS: Record<OfferType, string> = { tour: 'Tour Discount', '2for1bikes': '2for1bikes', freebikes: 'freebikes' };
export const OFFER_TYPE_OPTIONS: readonly SelectOption[] = OFFER_TYPES.map((value) => ({ value, label: OFFER_TYPE_LABELS[value] }));

export const OFFER_STATUSES = ['draft', 'live'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = { draft: 'Draft', live: 'Live' };
export const OFFER_STATUS_OPTIONS: readonly SelectOption[] = OFFER_STATUSES.map((value) => ({ value, label: OFFER_STATUS_LABELS[value] }));

export const POPULAR_SEARCH_TYPES = ['tour', 'destination', 'region'] as const;
export type PopularSearchType = (typeof POPULAR_SEARCH_TYPES)[number];
export const POPULAR_SEARCH_TYPE_OPTIONS: readonly SelectOption[] = POPULAR_SEARCH_TYPES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** Inspiration slides link to one of these; the type is saved with a '-slug' suffix ('tours-slug'). */
export const INSPIRATION_SLIDE_TYPES = ['tours', 'destinations', 'regions', 'offers'] as const;
export type InspirationSlideType = (typeof INSPIRATION_SLIDE_TYPES)[number];
export const INSPIRATION_SLUG_SUFFIX = '-slug';
export type StoredInspirationSlideType = `${InspirationSlideType}-slug`;
export const INSPIRATION_SLIDE_TYPE_OPTIONS: readonly SelectOption[] = INSPIRATION_SLIDE_TYPES.map((value) => ({
  value: `${value}${INSPIRATION_SLUG_SUFFIX}`,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
/** 'tours' or 'tours-slug' -> 'tours-slug'; anything else unchanged (the schema then refuses it). */
export const withSlugSuffix = (type: string): string => (type.endsWith(INSPIRATION_SLUG_SUFFIX) ? type : `${type}${INSPIRATION_SLUG_SUFFIX}`);
/** 'tours-slug' -> 'tours'. */
export const withoutSlugSuffix = (type: string): string => (type.endsWith(INSPIRATION_SLUG_SUFFIX) ? type.slice(0, -INSPIRATION_SLUG_SUFFIX.length) : type);

/** Pages live at the top level (section null) or under one of these (/pages/inspiration/{slug}). */
export const PAGE_SECTIONS = ['inspiration', 'explore'] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];

export const HOMEPAGE_COLLECTION_MAX_ITEMS = 12;
export const HOMEPAGE_ITEM_IMAGE_REQUIRED = 'Item image is required';
export const HOMEPAGE_MAX_ITEMS_MESSAGE = 'Max items are limited to 12';

export const NAVIGATION_GROUPS = ['destinations', 'categories', 'special_offers', 'regions', 'information'] as const;
export type NavigationGroup = (typeof NAVIGATION_GROUPS)[number];
export const NAVIGATION_GROUP_LABELS: Record<NavigationGroup, string> = {
  destinations: 'Destinations',
  categories: 'Categories',
  special_offers: 'Special offers',
  regions: 'Regions',
  information: 'Information',
};
export const NAVIGATION_COLUMNS = ['column_1', 'column_2', 'column_3'] as const;
export type NavigationColumnKey = (typeof NAVIGATION_COLUMNS)[number];
/** Pixels a link must be dragged before a sort starts (SPEC.md section 9). */
export const NAVIGATION_DRAG_DISTANCE = 30;
export const NAVIGATION_MAX_LINKS_PER_COLUMN = 100;

export const OPENING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type OpeningDay = (typeof OPENING_DAYS)[number];

export const OLD_URL_MESSAGE = 'Old URL must start with a "/" character';
export const NEW_URL_MESSAGE = 'New URL must start and end with a "/" character, or be a full http(s) address';
