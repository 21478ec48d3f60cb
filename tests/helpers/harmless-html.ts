import { JSDOM } from 'jsdom';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../src/domain/rich-text-allowlist.js';

// What the server's rich-text sanitiser may let through (src/server/sanitize-rich-text.ts).
const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS);
const ALLOWED_ATTRIBUTES = new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat());
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const DANGEROUS_TAG_NAMES = [
  'script',
  'iframe',
  'svg',
  'object',
  'embed',
  'math',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'img',
  'template',
  'noscript',
  'xmp',
  'textarea',
  'input',
  'video',
  'audio',
  'source',
  'details',
  'body',
  'marquee',
  'frame',
  'frameset',
  'applet',
];
const DANGEROUS_TAG = new RegExp(String.raw`<\s*\/?\s*(${DANGEROUS_TAG_NAMES.join('|')})\b`, 'i');

// One document parses everything (a new JSDOM per check costs about 100 ms). Set as innerHTML of
// a body element, the markup becomes the tree a browser would build; scripts do not run that way.
const { document } = new JSDOM('<!doctype html><body></body>').window;
const container = document.createElement('div');
const parse = (html: string) => {
  container.innerHTML = html;
  return container;
};

/**
 * Every way the HTML could run script when shown, as a list of findings (empty when harmless):
 * dangerous tags in the text, event-handler attributes, tags and attributes outside the
 * allowlist, and links with a scheme other than http(s), mailto or tel, in the tree a browser
 * would build from it.
 */
export function scriptRisks(html: string): string[] {
  const risks: string[] = [];
  if (/<\s*script/i.test(html)) risks.push('a <script tag');
  if (DANGEROUS_TAG.test(html)) risks.push(`a dangerous tag: ${DANGEROUS_TAG.exec(html)?.[0]}`);
  if (/<[^>]*\son[a-z]+\s*=/i.test(html)) risks.push('an on*= attribute inside a tag');
  if (/<[^>]*(javascript|vbscript|data)\s*:/i.test(html)) risks.push('a script URL inside a tag');

  for (const element of parse(html).querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) risks.push(`the tag <${tag}>`);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) risks.push(`the handler ${attribute.name} on <${tag}>`);
      else if (!ALLOWED_ATTRIBUTES.has(attribute.name.toLowerCase())) risks.push(`the attribute ${attribute.name} on <${tag}>`);
    }
    const href = element.getAttribute('href');
    if (href !== null && !SAFE_PROTOCOLS.has(new URL(href, 'https://example.test/').protocol)) risks.push(`the link ${href}`);
  }
  return risks;
}
