import type { Updateable } from 'kysely';
import type { TourFields } from '../../../domain/tours/tour-schema.js';
import type { ToursTable } from '../../db/schema.js';
import { sanitizeRichText } from '../../sanitize-rich-text.js';

const JSON_FIELDS = ['months', 'nights', 'arrival_days', 'difficulty', 'destinations', 'regions', 'hotels', 'restaurants', 'related_tours', 'related_themes'] as const;
const RICH_TEXT_FIELDS = ['content', 'highlights'] as const;

/** Tour fields as sent (any subset) to the columns they are stored in: lists as JSON, rich text cleaned. */
export function toTourRow(fields: Partial<TourFields>): Updateable<ToursTable> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if ((JSON_FIELDS as readonly string[]).includes(key)) row[key] = JSON.stringify(value);
    else if ((RICH_TEXT_FIELDS as readonly string[]).includes(key)) row[key] = sanitizeRichText(value as string);
    else row[key] = value;
  }
  return row as Updateable<ToursTable>;
}
