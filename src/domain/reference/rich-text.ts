import { z } from 'zod';
import { scanMarkup } from './html-markup.js';

/**
 * True when rich-text HTML shows nothing to a reader: only tags, whitespace and non-breaking
 * spaces (an emptied editor still sends `<p></p>`). Pure string work, so app and server agree.
 */
export function isBlankRichText(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length === 0;
}

/** The longest a tour's rich-text field may be (its text, itinerary days, meta and specifications). */
export const TOUR_RICH_TEXT_MAX = 200_000;

/** How deep rich text may nest its tags; the editor's deepest list is far shallower. */
export const RICH_TEXT_MAX_DEPTH = 100;

export const tooDeepMessage = (label: string) => `${label} nests tags more than ${RICH_TEXT_MAX_DEPTH} levels deep`;

// Tags that hold nothing, and tags a browser closes when the next of their kind opens.
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const CLOSED_BY_PEER = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th']);

/**
 * True when the HTML nests tags deeper than `limit`. Sanitising such text costs time that grows
 * much faster than its length (60,000 nested list items took 4.3 s), so it is refused before.
 * Depth is counted by the rules the sanitiser's parser follows (src/domain/reference/html-markup.ts):
 * a tag other than a void one opens whether or not it ends in '/>' (`<b/>` is `<b>` in HTML), and
 * text inside quoted attribute values is never markup. It can count deeper than the parser (it
 * does not know every tag the parser closes for another), never shallower; the server also
 * counts during sanitising itself (src/server/sanitize-rich-text.ts). One pass over the text that
 * stops as soon as the limit is passed, so a closing tag looks back `limit` tags at most.
 */
export function nestsTooDeep(html: string, limit = RICH_TEXT_MAX_DEPTH): boolean {
  const open: string[] = [];
  let tooDeep = false;
  scanMarkup(html, ({ kind, name }) => {
    if (kind === 'close') {
      const index = open.lastIndexOf(name);
      if (index !== -1) open.length = index;
    } else if (kind === 'open' && !VOID_TAGS.has(name)) {
      if (CLOSED_BY_PEER.has(name) && open[open.length - 1] === name) open.pop();
      open.push(name);
      tooDeep = open.length > limit;
    }
    return tooDeep;
  });
  return tooDeep;
}

/** A rich-text string schema that refuses text nested past RICH_TEXT_MAX_DEPTH, before anything cleans it. */
export const withDepthLimit = (schema: z.ZodString, label = 'The text') => schema.refine((html) => !nestsTooDeep(html), tooDeepMessage(label));
