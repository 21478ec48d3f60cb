import { z } from 'zod';

/** A URL-safe slug made from a name: "Danube Cycle Path" -> "danube-cycle-path". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
}

/** True when a /tours/{id} path segment is an id rather than a slug. */
export const isTourId = (segment: string) => /^[1-9][0-9]{0,9}$/.test(segment);

// A slug needs a letter: /tours/{id} accepts an id or a slug, and an all-digit slug would be read as an id.
export const tourSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(120, 'Slug is at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold lowercase letters, digits and single hyphens')
  .refine((slug) => /[a-z]/.test(slug), 'Slug needs at least one letter');
