import { z } from 'zod';

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

/** How deep rich text may nest its tags; the editor's deepest list is far shallower. */
export const RICH_TEXT_MAX_DEPTH = 100;

export const tooDeepMessage = (label: string) => `${label} nests tags more than ${RICH_TEXT_MAX_DEPTH} levels deep`;

// Tags that hold nothing, and tags a browser closes when the next of their kind opens.
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const CLOSED_BY_PEER = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th']);

/**
 * True when the HTML nests tags deeper than `limit`. Sanitising such text costs time that grows
 * much faster than its length (60,000 nested list items took 4.3 s), so it is refused before.
 * One pass over the text: each '>' is searched for once, and
 * the scan stops as soon as the limit is passed, so a closing tag looks back `limit` tags at most.
 */
export function nestsTooDeep(html: string, limit = RICH_TEXT_MAX_DEPTH): boolean {
  const open: string[] = [];
  let at = html.indexOf('<');
  // The first '>' after the current '<': found once, reused by every '<' before it ('<a<a<a>').
  let end = -1;
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      const commentEnd = html.indexOf('-->', at + 4);
      if (commentEnd === -1) return false;
      at = html.indexOf('<', commentEnd + 3);
      continue;
    }
    if (end <= at) end = html.indexOf('>', at + 1);
    if (end === -1) return false;
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(at, Math.min(end + 1, at + 40)));
    if (tag) {
      const name = tag[2].toLowerCase();
      if (tag[1]) {
        const index = open.lastIndexOf(name);
        if (index !== -1) open.length = index;
      } else if (!VOID_TAGS.has(name) && html[end - 1] !== '/') {
        if (CLOSED_BY_PEER.has(name) && open[open.length - 1] === name) open.pop();
        open.push(name);
        if (open.length > limit) return true;
      }
    }
    // The next tag starts after this one ends (or at the next '<' inside it, for '<a<b>').
    const next = html.indexOf('<', at + 1);
    at = next !== -1 && next < end ? next : html.indexOf('<', end + 1);
  }
  return false;
}

/** A rich-text string schema that refuses text nested past RICH_TEXT_MAX_DEPTH, before anything cleans it. */
export const withDepthLimit = (schema: z.ZodString, label = 'The text') => schema.refine((html) => !nestsTooDeep(html), tooDeepMessage(label));
