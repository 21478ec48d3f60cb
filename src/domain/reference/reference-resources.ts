import type { z } from 'zod';
import { bikeSchema } from './bike.js';
import { BOAT_PRIORITIES, boatSchema } from './boat.js';
import { CATEGORY_FILTER_OPTIONS } from './category-filters.js';
import { categorySchema } from './category.js';
import { contentPlaceSchema } from './content-place.js';
import { currencySchema } from './currency.js';
import { destinationSchema } from './destination.js';
import type { FormField, ListColumn } from './form-fields.js';
import { namedRowSchema } from './named-row.js';
import { operatorSchema } from './operator.js';
import { regionSchema } from './region.js';
import { ROOM_SLEEPS_MAX, ROOM_SLEEPS_MIN, roomTypeSchema } from './room-type.js';
import { seasonSchema } from './season.js';

export type ReferenceKey =
  | 'destinations'
  | 'regions'
  | 'bikes'
  | 'boats'
  | 'decks'
  | 'currencies'
  | 'hotels'
  | 'operators'
  | 'restaurants'
  | 'room-types'
  | 'accommodation-categories'
  | 'seasons'
  | 'categories';

/**
 * One reference-data resource: everything the route factory and the generic list/form need.
 * `key` is both the API path (`/api/v1/{key}`) and the app route (`/{key}`).
 */
export type ReferenceResource = {
  key: ReferenceKey;
  /** Plural, as the list's heading: 'Room types'. */
  title: string;
  /** Singular, lower case, for messages: 'room type'. */
  singular: string;
  schema: z.ZodObject;
  /** Regions are addressed by slug in routes and calls; everything else by id. */
  addressedBy: 'id' | 'slug';
  /** GET {key}/{id} exists (SPEC.md section 7); the other edit screens pick their row from the list. */
  hasDetail: boolean;
  /** DELETE exists; hotels and restaurants cannot be deleted. */
  deletable: boolean;
  /** The list can grow to thousands: the list screen filters and pages on the server. */
  growable: boolean;
  /** Toasts name the id ('Updated category 12') instead of a plain 'Saved'. */
  toastsWithId: boolean;
  fields: readonly FormField[];
  columns: readonly ListColumn[];
  /** Columns the list may sort by; the first is the default. */
  sortable: readonly string[];
};

const name: FormField = { name: 'name', label: 'Name', kind: 'text' };
const nameColumn: ListColumn = { name: 'name', label: 'Name' };
const seoFields: FormField[] = [
  { name: 'seo_title', label: 'SEO title', kind: 'text', hint: 'At most 80 characters' },
  { name: 'seo_description', label: 'SEO description', kind: 'textarea', hint: 'At most 150 characters' },
  { name: 'seo_keywords', label: 'SEO keywords', kind: 'text', hint: 'At most 5 words, separated by commas' },
];
const placeFields: FormField[] = [
  name,
  { name: 'slug', label: 'Slug', kind: 'slug', from: 'name' },
  { name: 'short_description', label: 'Short description', kind: 'textarea' },
  { name: 'description', label: 'Description', kind: 'rich-text' },
  { name: 'media_id', label: 'Image', kind: 'image' },
  { name: 'gallery_id', label: 'Gallery', kind: 'gallery' },
];

type Defaults = Pick<ReferenceResource, 'addressedBy' | 'hasDetail' | 'deletable' | 'growable' | 'toastsWithId' | 'sortable' | 'columns'>;
const defaults: Defaults = {
  addressedBy: 'id',
  hasDetail: false,
  deletable: true,
  growable: false,
  toastsWithId: false,
  sortable: ['name', 'id'],
  columns: [nameColumn],
};
const resource = (spec: Partial<Defaults> & Omit<ReferenceResource, keyof Defaults>): ReferenceResource => ({ ...defaults, ...spec });

export const REFERENCE_RESOURCES: readonly ReferenceResource[] = [
  resource({
    key: 'destinations',
    title: 'Destinations',
    singular: 'destination',
    schema: destinationSchema,
    hasDetail: true,
    growable: true,
    sortable: ['order', 'name', 'id'],
    columns: [nameColumn, { name: 'slug', label: 'Slug' }, { name: 'order', label: 'Order', numeric: true }],
    fields: [
      ...placeFields,
      { name: 'regions', label: 'Regions', kind: 'reference-list', source: 'regions' },
      { name: 'currency', label: 'Currency', kind: 'text', hint: 'As customers read it, e.g. Euro (€)' },
      { name: 'tipping', label: 'Tipping', kind: 'rich-text', hint: 'Shown on the customer documentation' },
      { name: 'order', label: 'Order', kind: 'number', min: 0, step: 1 },
      ...seoFields,
    ],
  }),
  resource({
    key: 'regions',
    title: 'Regions',
    singular: 'region',
    schema: regionSchema,
    addressedBy: 'slug',
    hasDetail: true,
    growable: true,
    columns: [nameColumn, { name: 'slug', label: 'Slug' }],
    fields: [...placeFields, ...seoFields],
  }),
  resource({
    key: 'bikes',
    title: 'Bikes',
    singular: 'bike',
    schema: bikeSchema,
    sortable: ['default_order', 'name', 'id'],
    columns: [nameColumn, { name: 'default_order', label: 'Default order', numeric: true }],
    fields: [name, { name: 'default_order', label: 'Default order', kind: 'number', min: 0, step: 1 }],
  }),
  resource({
    key: 'boats',
    title: 'Boats',
    singular: 'boat',
    schema: boatSchema,
    columns: [nameColumn, { name: 'priority', label: 'Priority', options: BOAT_PRIORITIES }],
    fields: [
      name,
      { name: 'priority', label: 'Priority', kind: 'select', options: BOAT_PRIORITIES },
      { name: 'description', label: 'Description', kind: 'rich-text' },
      { name: 'gallery_id', label: 'Gallery', kind: 'gallery' },
    ],
  }),
  resource({ key: 'decks', title: 'Decks', singular: 'deck', schema: namedRowSchema, fields: [name] }),
  resource({
    key: 'currencies',
    title: 'Currencies',
    singular: 'currency',
    schema: currencySchema,
    hasDetail: true,
    columns: [nameColumn, { name: 'symbol', label: 'Symbol' }, { name: 'rate', label: 'Rate', numeric: true }],
    // The currency form is explicit (a rate per season); these cover its plain fields.
    fields: [name, { name: 'symbol', label: 'Symbol', kind: 'text' }, { name: 'rate', label: 'Rate (per pound)', kind: 'number', min: 0, step: 0.0001 }],
  }),
  resource({
    key: 'hotels',
    title: 'Hotels',
    singular: 'hotel',
    schema: contentPlaceSchema,
    hasDetail: true,
    deletable: false,
    growable: true,
    fields: [name, { name: 'content', label: 'Content', kind: 'rich-text' }],
  }),
  resource({
    key: 'operators',
    title: 'Operators',
    singular: 'operator',
    schema: operatorSchema,
    hasDetail: true,
    growable: true,
    fields: [name, { name: 'contact', label: 'Contact', kind: 'rich-text', hint: 'Shown on the customer documentation' }],
  }),
  resource({
    key: 'restaurants',
    title: 'Restaurants',
    singular: 'restaurant',
    schema: contentPlaceSchema,
    hasDetail: true,
    deletable: false,
    growable: true,
    fields: [name, { name: 'content', label: 'Content', kind: 'rich-text' }],
  }),
  resource({
    key: 'room-types',
    title: 'Room types',
    singular: 'room type',
    schema: roomTypeSchema,
    columns: [nameColumn, { name: 'sleeps', label: 'Sleeps', numeric: true }],
    fields: [name, { name: 'sleeps', label: 'Sleeps', kind: 'number', min: ROOM_SLEEPS_MIN, max: ROOM_SLEEPS_MAX, step: 1 }],
  }),
  resource({ key: 'accommodation-categories', title: 'Accommodation categories', singular: 'accommodation category', schema: namedRowSchema, fields: [name] }),
  resource({
    key: 'seasons',
    title: 'Seasons',
    singular: 'season',
    schema: seasonSchema,
    hasDetail: true,
    fields: [
      name,
      { name: 'model_id', label: 'Markup model', kind: 'reference', source: 'models' },
      { name: 'currency_id', label: 'Currency', kind: 'reference', source: 'currencies' },
    ],
  }),
  resource({
    key: 'categories',
    title: 'Categories',
    singular: 'category',
    schema: categorySchema,
    hasDetail: true,
    growable: true,
    toastsWithId: true,
    columns: [nameColumn, { name: 'slug', label: 'Slug' }, { name: 'filter_id', label: 'Filter', options: CATEGORY_FILTER_OPTIONS }],
    fields: [
      ...placeFields,
      { name: 'filter_id', label: 'Filter', kind: 'select', options: CATEGORY_FILTER_OPTIONS },
      { name: 'tours', label: 'Tours', kind: 'reference-list', source: 'tours' },
      ...seoFields,
    ],
  }),
];

export function referenceResource(key: ReferenceKey): ReferenceResource {
  const found = REFERENCE_RESOURCES.find((entry) => entry.key === key);
  if (!found) throw new Error(`No reference resource ${key}`);
  return found;
}
