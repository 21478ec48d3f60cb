import type { Kysely } from 'kysely';
import type { TourMetaItem } from '../../../domain/tours/tour-meta-schema.js';
import { upsertTourMeta } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';

/** Writes the given meta keys of a tour (others stay as they are); rich-text values are cleaned. */
export async function saveTourMeta(db: Kysely<Database>, tourId: number, items: TourMetaItem[]): Promise<void> {
  if (!items.length) return;
  const rows = items.map(({ key, value }) => ({ tour_id: tourId, key, value: withCleanRichText('tour-meta', { [key]: value })[key] }));
  await upsertTourMeta(db, rows);
}
