// The rich text the product keeps: what the editor (Tiptap's starter kit) writes, and nothing
// else. The editor draws its headings from here and the server cleans every save with it
// (src/server/sanitize-rich-text.ts), so the two cannot drift apart.

/** Headings 2-6 only (SPEC.md section 9): the page title is the only h1. */
export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4, 5, 6] as const;

/** The tags kept: no scripts, styles, images or iframes. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  ...RICH_TEXT_HEADING_LEVELS.map((level) => `h${level}`),
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
] as const;

/** The attributes kept, by tag: no styles or event handlers. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'], ol: ['start'] };

/** The schemes a link may use. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
