import sanitizeHtml from 'sanitize-html';

// What the Tiptap editor (starter kit, headings 2-6) produces, and nothing else: no scripts,
// styles, event handlers, images or iframes. Links keep only safe schemes and open safely.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
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

/** Cleans rich-text HTML with an allowlist before it is stored (DESIGN.md section 4). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
