// Choices and texts of the tour form (SPEC.md sections 3, 4, 5 and 8), shared by the form and the API.

export const TOUR_STATUSES = ['draft', 'live'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
export const TOUR_STATUS_LABELS: Record<TourStatus, string> = { draft: 'Draft', live: 'Live' };

export const DIFFICULTIES = ['Easy', 'Leisurely', 'Moderate', 'Challenging'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Nights options 1-15 (SPEC.md section 9). */
export const NIGHTS_OPTIONS: readonly number[] = Array.from({ length: 15 }, (_, index) => index + 1);

/**
 * The nights a select offers for a stored value: 1-15, plus the stored value when it is outside
 * them (a 0 or a 20 the API accepts), so the select shows what is stored rather than another
 * choice. No nights (null, "Any") is the select's empty option.
 */
export function nightsChoices(stored: number | null): readonly number[] {
  return stored === null || NIGHTS_OPTIONS.includes(stored) ? NIGHTS_OPTIONS : [...NIGHTS_OPTIONS, stored].sort((a, b) => a - b);
}

export const GUIDANCE_OPTIONS = [
  { value: 0, label: 'Self Guided' },
  { value: 1, label: 'Guided' },
  { value: 2, label: 'Self Guided/Guided' },
] as const;
export type Guidance = (typeof GUIDANCE_OPTIONS)[number]['value'];

/** Weekdays numbered as JavaScript and the pricing screens number them (0 is Sunday). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The SEO limits are advice on the labels only; nothing enforces them (SPEC.md section 5). */
export const SEO_LABELS = {
  seo_title: 'SEO title (max 80 characters)',
  seo_description: 'SEO description (max 150 characters)',
  seo_keywords: 'SEO keywords (max 5 words, separated by commas)',
} as const;

export const SEO_DESCRIPTION_REQUIRED = 'Supply an SEO description';
export const ITINERARIES_SAVED = 'Saved Itineraries';
export const SNIPPET_SAVED = 'Saved Snippet';
