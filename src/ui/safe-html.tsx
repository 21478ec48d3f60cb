import { createElement, Fragment, type ReactNode } from 'react';
import { RICH_TEXT_TAGS } from '../domain/rich-text-allowlist';

// Rich text from the database is cleaned on the server; this is the second fence. The HTML is
// parsed into an inert document (nothing in it runs or loads) and rebuilt as React elements from
// an allowlist, so no stored markup ever reaches innerHTML.
// The same allowlist the server cleans with (one list, src/domain/rich-text-allowlist.ts).
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, toReact);
  // Unknown tags keep their text but lose themselves; script and style lose everything.
  if (tag === 'script' || tag === 'style') return null;
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, string | number> = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (SAFE_HREF.test(href.trim())) props.href = href.trim();
    props.rel = 'noopener noreferrer';
    props.target = '_blank';
  }
  if (tag === 'ol' && element.getAttribute('start')) props.start = Number(element.getAttribute('start')) || 1;
  return tag === 'br' || tag === 'hr' ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** Shows stored rich text without ever running script from it. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className}>{Array.from(body.childNodes, toReact)}</div>;
}
