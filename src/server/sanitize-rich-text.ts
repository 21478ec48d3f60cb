import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_FIELDS, RICH_TEXT_MAX_LENGTH, type RichTextOwner } from '../domain/rich-text-fields.js';
import { RICH_TEXT_MAX_DEPTH, tooDeepMessage } from '../domain/reference/rich-text.js';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../domain/rich-text-allowlist.js';
import { scanMarkup } from '../domain/reference/html-markup.js';
import { badRequest, HttpError } from './http-errors.js';

// What the Tiptap editor produces, and nothing else (src/domain/rich-text-allowlist.ts). Links keep
// only safe schemes and open safely.
const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Pages own their h1; legacy content with one keeps it as the top allowed level.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** A field's name as a label in a message: `bike_details` is "Bike details". */
const fieldLabel = (field: string) => `${field.charAt(0).toUpperCase()}${field.slice(1).replaceAll('_', ' ')}`;

/** Thrown from inside the parser to stop it at once: the text nests past the limit. */
class TooDeep extends Error {}

/**
 * Cleans one piece of rich-text HTML with the allowlist. Saves go through `withCleanRichText`, so
 * the fields cleaned are those of the one list. The depth is counted by the sanitiser's own parser
 * as it reads (every tag it opens and closes, implied ones included), and parsing stops at the
 * first tag past the limit: past it the parser's time grows with the square of the depth, so
 * text nested 100,000 deep costs what 101 levels do. `maxLength` is checked again on the cleaned
 * text, which escaping can make longer than what was sent.
 */
export function sanitizeRichText(html: string, field?: string, maxLength?: number): string {
  const label = field === undefined ? 'The text' : fieldLabel(field);
  let depth = 0;
  let cleaned: string;
  try {
    cleaned = sanitizeHtml(html, {
      ...options,
      onOpenTag: () => {
        depth++;
        if (depth > RICH_TEXT_MAX_DEPTH) throw new TooDeep();
      },
      onCloseTag: () => {
        depth--;
      },
    }).trim();
  } catch (error) {
    if (error instanceof TooDeep) throw badRequest(tooDeepMessage(label), field);
    throw error;
  }
  if (maxLength !== undefined && cleaned.length > maxLength)
    throw badRequest(`${label} is too long once cleaned (${cleaned.length} characters; at most ${maxLength})`, field);
  return cleaned;
}

/**
 * The same record with the rich-text fields of its kind (src/domain/rich-text-fields.ts) cleaned,
 * before it is stored (DESIGN.md section 4). Fields it does not carry are left out, not added.
 */
export function withCleanRichText<Row extends object>(owner: RichTextOwner, record: Row): Row {
  const cleaned: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const field of RICH_TEXT_FIELDS[owner]) {
    if (typeof cleaned[field] === 'string') cleaned[field] = sanitizeRichText(cleaned[field], field, RICH_TEXT_MAX_LENGTH[owner]);
  }
  return cleaned as Row;
}

// Tags that end a line of text: where they stood, the flattened text keeps a space.
const BREAKING_TAGS = new Set(['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'pre', 'blockquote', 'hr', 'div', 'tr', 'td', 'th']);

/**
 * The text of rich text with all its markup taken out, as one paragraph: what stored text past
 * the limits is shown as, and kept as (nothing of its words is dropped). Entities stay as written;
 * a '<' or '>' left in the text is escaped. One pass over the text, however deep it nests.
 */
export function richTextAsText(html: string): string {
  const parts: string[] = [];
  let from = 0;
  scanMarkup(html, (piece) => {
    parts.push(html.slice(from, piece.start), BREAKING_TAGS.has(piece.name) ? ' ' : '');
    from = piece.end;
  });
  parts.push(html.slice(from));
  const text = parts.join('').replace(/\s+/g, ' ').trim().replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return text ? sanitizeHtml(`<p>${text}</p>`, options) : '';
}

/**
 * Stored rich text cleaned for display, never refused: text the save rules would refuse (stored
 * before they existed, or imported) is shown as its text, so one bad field cannot stop a document.
 */
export function sanitizeStoredRichText(html: string): string {
  try {
    return sanitizeRichText(html);
  } catch (error) {
    if (error instanceof HttpError) return richTextAsText(html);
    throw error;
  }
}
