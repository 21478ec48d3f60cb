import { sql, type Kysely } from 'kysely';
import { RICH_TEXT_FIELDS, RICH_TEXT_MAX_LENGTH, type RichTextOwner } from '../../../domain/rich-text-fields.js';
import { HttpError } from '../../http-errors.js';
import { REFERENCE_TABLES } from '../../routes/reference/reference-tables.js';
import { richTextAsText, sanitizeRichText } from '../../sanitize-rich-text.js';

// Issue 30: self-closing tags (`<b/>` × 40,000) and markup inside attribute values got past the
// depth check, so rows may hold rich text nested far past the limit (or longer than its limit
// once cleaned). Such a field could not be saved again, and the customer documentation refused
// every booking of its tour. Every stored rich-text field (the one list, rich-text-fields.ts) is
// checked by the save rules; one they refuse is flattened to its text (its words kept) and listed.

// Where each owner of rich text is stored. Tour meta is a key-value table, read apart.
const TABLES: Record<Exclude<RichTextOwner, 'tour-meta'>, string> = {
  ...(Object.fromEntries(Object.entries(REFERENCE_TABLES).map(([key, { table }]) => [key, table])) as Record<keyof typeof REFERENCE_TABLES, string>),
  tours: 'tours',
  'tour-documentation': 'tour_documentation',
  itineraries: 'itineraries',
  'tour-specifications': 'tour_specifications',
  'blog-posts': 'blog_posts',
  pages: 'pages',
  'page-blocks': 'page_blocks',
  offers: 'offers',
  'site-options': 'site_options',
  'homepage-collections': 'homepage_collection',
};

/** The refusal a save would give this text, or null when it could be saved as it is. */
function refusal(html: string, field: string, maxLength: number): string | null {
  try {
    sanitizeRichText(html, field, maxLength);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

type StoredRow = { row_ref: string; label: string } & Record<string, unknown>;

/** Flattens the refused fields of `rows` in `table`, one update per row; returns what changed. */
async function flattenRows<T>(db: Kysely<T>, table: string, rows: StoredRow[], fieldOf: (row: StoredRow) => string[], maxLength: number) {
  const changes: string[] = [];
  for (const row of rows) {
    const updates: Record<string, string> = {};
    for (const column of fieldOf(row)) {
      const html = row[column];
      if (typeof html !== 'string') continue;
      const field = column === 'value' ? String(row.key) : column;
      const problem = refusal(html, field, maxLength);
      if (problem === null) continue;
      updates[column] = richTextAsText(html);
      const still = refusal(updates[column], field, maxLength) === null ? '' : '; still too long to save, to be shortened by hand';
      changes.push(`${table} ${row.label} ${column}: ${problem}; flattened to its text (${html.length} → ${updates[column].length} characters)${still}`);
    }
    const columns = Object.keys(updates);
    if (columns.length === 0) continue;
    const assignments = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${updates[column]}`));
    await sql`UPDATE ${sql.table(table)} SET ${assignments} WHERE ctid = ${row.row_ref}::tid`.execute(db);
  }
  return changes;
}

/** Checks and flattens every stored rich-text field; returns one line per field changed. */
export async function flattenOverLimitRichText<T>(db: Kysely<T>): Promise<string[]> {
  const changes: string[] = [];
  for (const [owner, table] of Object.entries(TABLES) as [Exclude<RichTextOwner, 'tour-meta'>, string][]) {
    const columns = RICH_TEXT_FIELDS[owner];
    if (columns.length === 0) continue;
    const selected = sql.join(columns.map((column) => sql.ref(column)));
    const rows = await sql<StoredRow>`SELECT ctid::text AS row_ref, 'id ' || id AS label, ${selected} FROM ${sql.table(table)}`.execute(db);
    changes.push(...(await flattenRows(db, table, rows.rows, () => [...columns], RICH_TEXT_MAX_LENGTH[owner])));
  }
  const metaKeys = RICH_TEXT_FIELDS['tour-meta'];
  const meta = await sql<StoredRow>`
    SELECT ctid::text AS row_ref, 'tour ' || tour_id || ' ' || key AS label, key, value FROM tour_meta
    WHERE key IN (${sql.join([...metaKeys])})`.execute(db);
  changes.push(...(await flattenRows(db, 'tour_meta', meta.rows, () => ['value'], RICH_TEXT_MAX_LENGTH['tour-meta'])));
  return changes;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const changes = await flattenOverLimitRichText(db);
  for (const change of changes) console.warn(`Migration 016: ${change}`);
}

// Flattened text cannot be nested again; there is nothing to undo.
export async function down(): Promise<void> {}
