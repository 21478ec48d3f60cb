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
