import type { z } from 'zod';
import { tourFieldsSchema, type Tour, type TourFields } from '../../domain/tours/tour-schema.js';
import { SEO_DESCRIPTION_REQUIRED, type TourStatus } from '../../domain/tours/tour-options.js';

/** The tour form as typed: numbers stay text until saved, so a half-typed value is not lost. */
export type TourDraft = {
  name: string;
  slug: string;
  tour_code: string;
  name_short: string;
  name_operator: string;
  operator_id: string;
  excerpt: string;
  media_id: string;
  hero_id: string;
  gallery_id: string;
  accommodation_gallery_id: string;
  content: string;
  highlights: string;
  status: TourStatus;
  length: string;
  balance_due: string;
  months: number[];
  nights: number[];
  arrival_days: number[];
  difficulty: string[];
  bike_and_boat: boolean;
  guidance: string;
  solo_cyclists_allowed: boolean;
  boat_accommodation: string;
  start_point: string;
  finish_point: string;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  destinations: number[];
  regions: number[];
  hotels: number[];
  restaurants: number[];
  related_tours: number[];
  related_themes: number[];
};

/** What the form sends; a new tour may leave the slug out (the server makes one from the name). */
export type TourFormValues = Omit<TourFields, 'deleted' | 'slug'> & { slug?: string };
export type FieldErrors = Partial<Record<keyof TourDraft, string>>;

const idText = (id: number | null) => (id === null ? '' : String(id));

/** A new tour: draft (SPEC.md section 4), nothing else chosen. */
export const emptyTourDraft = (): TourDraft => ({
  name: '',
  slug: '',
  tour_code: '',
  name_short: '',
  name_operator: '',
  operator_id: '',
  excerpt: '',
  media_id: '',
  hero_id: '',
  gallery_id: '',
  accommodation_gallery_id: '',
  content: '',
  highlights: '',
  status: 'draft',
  length: '',
  balance_due: '0',
  months: [],
  nights: [],
  arrival_days: [],
  difficulty: [],
  bike_and_boat: false,
  guidance: '',
  solo_cyclists_allowed: false,
  boat_accommodation: '',
  start_point: '',
  finish_point: '',
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
  destinations: [],
  regions: [],
  hotels: [],
  restaurants: [],
  related_tours: [],
  related_themes: [],
});

export function draftFromTour(tour: Tour): TourDraft {
  return {
    ...emptyTourDraft(),
    ...Object.fromEntries(Object.entries(tour).filter(([key]) => key in emptyTourDraft())),
    status: tour.status === 'live' ? 'live' : 'draft',
    operator_id: idText(tour.operator_id),
    media_id: idText(tour.media_id),
    hero_id: idText(tour.hero_id),
    gallery_id: idText(tour.gallery_id),
    accommodation_gallery_id: idText(tour.accommodation_gallery_id),
    balance_due: String(tour.balance_due),
    guidance: tour.guidance === null ? '' : String(tour.guidance),
  };
}

const toId = (text: string) => (text.trim() === '' ? null : Number(text));

/** What the API is sent: the draft with its numbers as numbers and blanks as null. */
export function valuesFromDraft(draft: TourDraft): Record<string, unknown> {
  return {
    ...draft,
    operator_id: toId(draft.operator_id),
    media_id: toId(draft.media_id),
    hero_id: toId(draft.hero_id),
    gallery_id: toId(draft.gallery_id),
    accommodation_gallery_id: toId(draft.accommodation_gallery_id),
    balance_due: draft.balance_due.trim() === '' ? 0 : Number(draft.balance_due),
    guidance: draft.guidance === '' ? null : Number(draft.guidance),
  };
}

const formSchema = tourFieldsSchema.omit({ deleted: true });
// A new tour may leave its slug blank: the server makes one from the name.
const newTourSchema = formSchema.extend({ slug: formSchema.shape.slug.optional() });
// SPEC.md section 5: an edit needs an SEO description, refused here with its own toast.
const editedTourSchema = formSchema.extend({
  seo_description: formSchema.shape.seo_description.refine((text) => text.trim() !== '', SEO_DESCRIPTION_REQUIRED),
});

/** The form's own check before anything is sent: the API's rules, plus SPEC.md section 5's. */
export function tourFormCheck(editing: boolean): { schema: z.ZodType<TourFormValues>; valuesOf: (draft: TourDraft) => unknown } {
  return editing
    ? { schema: editedTourSchema, valuesOf: valuesFromDraft }
    : { schema: newTourSchema, valuesOf: (draft: TourDraft) => ({ ...valuesFromDraft(draft), slug: draft.slug.trim() === '' ? undefined : draft.slug }) };
}

/** The toast of a refused save: the SEO rule has its own words; any other says where to look. */
export const tourRefusedMessage = (errors: Record<string, string>) =>
  errors.seo_description === SEO_DESCRIPTION_REQUIRED ? SEO_DESCRIPTION_REQUIRED : 'Please correct the fields marked in red.';
