import { REFERENCE_RESOURCES, type ReferenceKey } from './reference/reference-resources.js';
import { RICH_TEXT_MAX } from './reference/reference-fields.js';
import { TOUR_RICH_TEXT_MAX } from './reference/rich-text.js';
import { RICH_TEXT_META_KEYS } from './tours/tour-meta-schema.js';

/** The records that hold rich text: the reference resources by their key, and the rest by their call's name. */
export type RichTextOwner =
  | ReferenceKey
  | 'tours'
  | 'tour-meta'
  | 'tour-documentation'
  | 'itineraries'
  | 'tour-specifications'
  | 'blog-posts'
  | 'pages'
  | 'page-blocks'
  | 'offers'
  | 'site-options'
  | 'homepage-collections';

// The reference forms draw a rich-text editor for exactly these fields.
const referenceRichText = {} as Record<ReferenceKey, readonly string[]>;
for (const resource of REFERENCE_RESOURCES)
  referenceRichText[resource.key] = resource.fields.filter((field) => field.kind === 'rich-text').map((field) => field.name);

/**
 * Every rich-text field of the product, by the record that holds it: the one list the server
 * cleans on save (DESIGN.md section 4) and the XSS suite checks in the browser. A field that holds
 * HTML and is missing here is stored uncleaned, so a new one is added here, not at its route.
 * Tour meta lists the keys whose values are rich text.
 */
export const RICH_TEXT_FIELDS: Readonly<Record<RichTextOwner, readonly string[]>> = {
  ...referenceRichText,
  tours: ['content', 'highlights'],
  'tour-meta': RICH_TEXT_META_KEYS,
  'tour-documentation': ['arrival', 'luggage', 'food', 'bike_details'],
  itineraries: ['content'],
  'tour-specifications': ['price_includes', 'price_excludes'],
  'blog-posts': ['content', 'overview'],
  pages: ['content', 'ksp_content', 'overview'],
  'page-blocks': ['content'],
  offers: ['content'],
  'site-options': ['contact_content'],
  'homepage-collections': ['content'],
};

/**
 * The longest each record's rich text may be, as its schema says: checked again once cleaned,
 * since escaping can lengthen text (`&` becomes `&amp;`), and by the migration that re-checks
 * stored text (016-flatten-over-limit-rich-text).
 */
export const RICH_TEXT_MAX_LENGTH: Readonly<Record<RichTextOwner, number>> = {
  ...(Object.fromEntries(Object.keys(referenceRichText).map((key) => [key, RICH_TEXT_MAX])) as Record<ReferenceKey, number>),
  tours: TOUR_RICH_TEXT_MAX,
  'tour-meta': TOUR_RICH_TEXT_MAX,
  'tour-documentation': TOUR_RICH_TEXT_MAX,
  itineraries: TOUR_RICH_TEXT_MAX,
  'tour-specifications': TOUR_RICH_TEXT_MAX,
  'blog-posts': RICH_TEXT_MAX,
  pages: RICH_TEXT_MAX,
  'page-blocks': RICH_TEXT_MAX,
  offers: RICH_TEXT_MAX,
  'site-options': RICH_TEXT_MAX,
  'homepage-collections': RICH_TEXT_MAX,
};
