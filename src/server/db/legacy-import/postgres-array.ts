// Legacy array columns arrive as PostgreSQL array literals: '{7}', '{Easy,Leisurely}', '{}',
// with "double quotes" around items that hold commas, braces, spaces or quotes.

const UNQUOTED_ITEM = /^[^",{}\\]*$/;

/**
 * The items of a one-dimensional array literal, as text; undefined when the text is not one
 * (nested arrays and NULL items included: no legacy column holds them).
 */
export function parsePostgresArray(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  const body = trimmed.slice(1, -1);
  if (body.trim() === '') return [];
  const items: string[] = [];
  let index = 0;
  while (index <= body.length) {
    if (body[index] === '"') {
      let item = '';
      index++;
      while (index < body.length && body[index] !== '"') {
        if (body[index] === '\\') index++;
        item += body[index] ?? '';
        index++;
      }
      if (index >= body.length) return undefined;
      items.push(item);
      index++;
      const rest = body.slice(index).trimStart();
      if (rest !== '' && !rest.startsWith(',')) return undefined;
      index = body.length - rest.length + 1;
    } else {
      const end = body.indexOf(',', index);
      const raw = (end === -1 ? body.slice(index) : body.slice(index, end)).trim();
      if (!UNQUOTED_ITEM.test(raw) || raw === '' || raw.toUpperCase() === 'NULL') return undefined;
      items.push(raw);
      index = end === -1 ? body.length + 1 : end + 1;
    }
  }
  return items;
}
