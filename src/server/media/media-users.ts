import type { Kysely } from 'kysely';
import { listReferencesTo, listUsesOf, type MediaReference, type MediaTarget, type MediaUseRow } from '../db/repositories/media-use-repository.js';
import type { Database } from '../db/schema.js';

const COLUMN_LABELS: Record<string, string> = {
  media_id: 'image',
  hero_id: 'hero image',
  map_id: 'map',
  gallery_id: 'gallery',
  accommodation_gallery_id: 'accommodation gallery',
  banner_id: 'banner',
  overview_image_id: 'overview image',
};
// SPEC.md section 3 calls a tour's media_id its overview image.
const SPECIAL_LABELS: Record<string, string> = { 'tours.media_id': 'overview image' };

const columnLabel = (table: string, column: string) =>
  SPECIAL_LABELS[`${table}.${column}`] ?? COLUMN_LABELS[column] ?? column.replace(/_id$/, '').replaceAll('_', ' ');
const singular = (table: string) =>
  table
    .replaceAll('_', ' ')
    .replace(/ies$/, 'y')
    .replace(/([^s])s$/, '$1');

function describe(reference: MediaReference, row: MediaUseRow): string {
  const { table, column } = reference;
  if (table === 'gallery_media') return `gallery ${row.row_id}`;
  const deleted = row.deleted ? ', deleted' : '';
  if (table !== 'tours' && reference.columns.has('tour_id')) {
    const part = row.day !== null ? `${singular(table)} day ${row.day}` : singular(table);
    return `tour "${row.name ?? ''}" (${part} ${columnLabel(table, column)}${deleted})`;
  }
  const who = row.name !== null ? `${singular(table)} "${row.name}"` : `${singular(table)} ${row.row_id ?? ''}`.trim();
  return `${who} (${columnLabel(table, column)}${deleted})`;
}

/** For each of `ids`, what uses it, in words staff recognise ('tour "Danube" (overview image)'). */
export async function findUsers(db: Kysely<Database>, target: MediaTarget, ids: number[]): Promise<Map<number, string[]>> {
  const users = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return users;
  for (const reference of await listReferencesTo(db, target)) {
    for (const row of await listUsesOf(db, reference, ids)) {
      const list = users.get(row.target);
      const words = describe(reference, row);
      if (list && !list.includes(words)) list.push(words);
    }
  }
  for (const list of users.values()) list.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return users;
}

const SHOWN = 5;

/** The sentence of a refused delete: 'This image is used by ..., so it was not deleted.' */
export function inUseSentence(what: string, users: string[]): string {
  const shown = users.slice(0, SHOWN).join(', ');
  const more = users.length > SHOWN ? ` and ${users.length - SHOWN} more` : '';
  return `${what} is used by ${shown}${more}, so it was not deleted.`;
}
