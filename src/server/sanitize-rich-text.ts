import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_FIELDS, type RichTextOwner } from '../domain/rich-text-fields.js';
import { nestsTooDeep, tooDeepMessage } from '../domain/reference/rich-text.js';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../domain/rich-text-allowlist.js';
import { badRequest } from './http-errors.js';

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

/**
 * Cleans one piece of rich-text HTML with the allowlist. Saves go through `withCleanRichText`, so
 * the fields cleaned are those of the one list; this is called directly only to clean again on the
 * way out (the customer documentation).
 */
export function sanitizeRichText(html: string, field?: string): string {
  // The schemas refuse such text first; this keeps a route that forgot from spending seconds on it.
  if (nestsTooDeep(html)) throw badRequest(tooDeepMessage(field ?? 'The text'), field);
  return sanitizeHtml(html, options).trim();
}

/**
 * The same record with the rich-text fields of its kind (src/domain/rich-text-fields.ts) cleaned,
 * before it is stored (DESIGN.md section 4). Fields it does not carry are left out, not added.
 */
export function withCleanRichText<Row extends object>(owner: RichTextOwner, record: Row): Row {
  const cleaned: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const field of RICH_TEXT_FIELDS[owner]) {
    if (typeof cleaned[field] === 'string') cleaned[field] = sanitizeRichText(cleaned[field], field);
  }
  return cleaned as Row;
}
