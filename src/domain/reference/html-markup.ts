/** One piece of markup in HTML text: a start tag, an end tag, or anything else between '<' and '>'. */
export type MarkupPiece = { kind: 'open' | 'close' | 'other'; name: string; start: number; end: number };

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSpace = (char: string) => char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';

/** Where a tag's name ends: at whitespace, '/' or '>', as the sanitiser's parser (htmlparser2) reads it. */
function nameEnd(html: string, from: number): number {
  let at = from;
  while (at < html.length && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>') at++;
  return at;
}

/**
 * Where a start tag ends (just past its '>'), or -1 when it never does, reading its attributes as
 * htmlparser2 does: a name runs to whitespace, '/', '>' or a later '='; a value after '=' is quoted (a '>'
 * or '</ul>' inside `title="..."` is text, never markup) or runs to whitespace or '>' (quotes and
 * '=' inside it are text: `a=b="x>` ends at that '>').
 */
function startTagEnd(html: string, from: number): number {
  const atEnd = (at: number) => at >= html.length;
  let at = from;
  while (!atEnd(at)) {
    while (!atEnd(at) && (isSpace(html[at]) || html[at] === '/')) at++;
    if (atEnd(at)) break;
    if (html[at] === '>') return at + 1;
    // A name may start with '=' (`<ul ="x>` has an attribute named `="x`), as in HTML.
    if (html[at] === '=') at++;
    while (!atEnd(at) && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>' && html[at] !== '=') at++;
    while (!atEnd(at) && isSpace(html[at])) at++;
    if (html[at] !== '=') continue;
    at++;
    while (!atEnd(at) && isSpace(html[at])) at++;
    const quote = html[at];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, at + 1);
      if (close === -1) return -1;
      at = close + 1;
    } else {
      while (!atEnd(at) && !isSpace(html[at]) && html[at] !== '>') at++;
    }
  }
  return -1;
}

/**
 * Calls `visit` with each piece of markup in `html`, in order, by the tokenising rules of HTML (and
 * of htmlparser2, the sanitiser's parser): a tag's name runs to whitespace, '/' or '>'; quoted
 * attribute values are text; comments run to '-->'; a '<' not followed by a letter, '/', '!' or '?'
 * is text. Markup left open at the end is one last 'other' piece. `visit` returns true to stop.
 * Each character is read once, so hostile text costs time in proportion to its length.
 */
export function scanMarkup(html: string, visit: (piece: MarkupPiece) => boolean | void): void {
  let at = html.indexOf('<');
  while (at !== -1 && at < html.length - 1) {
    const next = html[at + 1];
    let piece: MarkupPiece | undefined;
    if (isLetter(html.charCodeAt(at + 1))) {
      const name = html.slice(at + 1, nameEnd(html, at + 1)).toLowerCase();
      const end = startTagEnd(html, at + 1 + name.length);
      piece = { kind: end === -1 ? 'other' : 'open', name, start: at, end: end === -1 ? html.length : end };
    } else if (html.startsWith('<!--', at)) {
      // From just after '<!', so '<!-->' and '<!--->' are whole (empty) comments, as in HTML.
      const close = html.indexOf('-->', at + 2);
      piece = { kind: 'other', name: '', start: at, end: close === -1 ? html.length : close + 3 };
    } else if (next === '/' || next === '!' || next === '?') {
      // End tags run to the first '>' whatever their quotes; so do declarations and bogus comments.
      const close = html.indexOf('>', at + 2);
      const closing = next === '/' && isLetter(html.charCodeAt(at + 2));
      const name = closing ? html.slice(at + 2, nameEnd(html, at + 2)).toLowerCase() : '';
      piece = { kind: closing && close !== -1 ? 'close' : 'other', name, start: at, end: close === -1 ? html.length : close + 1 };
    }
    if (piece) {
      if (visit(piece) === true || piece.end >= html.length) return;
      at = html.indexOf('<', piece.end);
    } else {
      at = html.indexOf('<', at + 1);
    }
  }
}
