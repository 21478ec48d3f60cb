import type { Updateable } from 'kysely';
import type { TourFields } from '../../../domain/tours/tour-schema.js';
import type { ToursTable } from '../../db/schema.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';

const JSON_FIELDS = [
  'months',
  'nights',
  'arrival_days',
  'difficulty',
  'destinations',
  'regions',
  'hotels',
  'restaurants',
  'related_tours',
  'related_themes',
] as const;

/** Tour fields as sent (any subset) to the columns they are stored in: lists as JSON, rich text cleaned. */
export function toTourRow(fields: Partial<TourFields>): Updateable<ToursTable> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(withCleanRichText('tours', fields))) {
    if (value === undefined) continue;
    row[key] = (JSON_FIELDS as readonly string[]).includes(key) ? JSON.stringify(value) : value;
  }
  return row as Updateable<ToursTable>;
}
