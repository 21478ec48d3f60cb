import { z } from 'zod';
import { oneLine } from '../one-line-text.js';
import { id, isoDate, optionalId, priceFieldsSchema, weekday, type StoredPriceFields } from '../pricing/price-fields.js';
import { limitedList, nestedCount, ownLength, SEASON_LIMITS, type RowLimit } from '../pricing/season-limits.js';
import type { TourSeasonPricingContext } from '../pricing/tour-pricing.js';
import { removedIdsSchema, seasonVersionSchema, type SeasonSaveOutcome } from './season-data-save.js';
import { hasPreOrPost, numberOrNullInput } from './tour-extras-rules.js';

// Supplements (party extras) and extra nights (room extras) of a tour season, SPEC.md sections 3
// and 7. Each extra's variations are one price grid: `[n]` in a variation's formula is the gross
// of variation n of the same extra, counted from 0 in the order sent. Variations are priced with
// the supplement markup; net and cost are computed by the server and never read from a request.

const MAX_VARIATIONS = 500;
/** A season-wide save of one kind of extras, counted before its rows are parsed. */
const SEASON_EXTRAS_LIMITS: readonly RowLimit[] = [
  { what: 'extras', limit: SEASON_LIMITS.extras, count: ownLength },
  { what: 'variations', limit: SEASON_LIMITS.variations, count: nestedCount('variations') },
];
const MAX_DATES = 366;

const extraName = oneLine(z.string().trim().max(200, 'At most 200 characters'), 'Name').default('');
const nights = z.number().int('Must be a whole number').min(0).max(366).nullable().default(null);
const order = z.number().int('Must be a whole number').min(0).max(10_000).default(0);

/** Min and max pax: a whole number, or null when empty or not numeric (SPEC.md section 5). */
const pax = z.preprocess(numberOrNullInput, z.number().int('Pax must be a whole number').min(0).max(1000).nullable());

/** Guidance of a party extra: 0 self-guided, 1 guided, 2 both (SPEC.md section 3). */
export const EXTRA_GUIDANCE_VALUES = [0, 1, 2] as const;
export type ExtraGuidance = (typeof EXTRA_GUIDANCE_VALUES)[number];
const guidance = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Guidance is 0 (self-guided), 1 (guided) or 2 (both)' }).default(0);

export const partyExtraVariationInputSchema = priceFieldsSchema.extend({
  id: id.optional(),
  accommodation_category_id: optionalId.default(null),
  bike_id: optionalId.default(null),
  min_pax: pax.default(null),
  max_pax: pax.default(null),
});

const partyExtraFields = {
  name: extraName,
  guidance,
  boat_id: optionalId.default(null),
  nights,
  order,
  variations: z.array(partyExtraVariationInputSchema).max(MAX_VARIATIONS).default([]),
};

/** One party extra with all its variations in grid order; a variation without id is new. */
export const partyExtraInputSchema = z.object({ id: id.optional(), ...partyExtraFields });
export type PartyExtraParsed = z.output<typeof partyExtraInputSchema>;

/** POST .../party and PUT .../party/{extraId}: the extra and the season version read. */
export const partyExtraSaveSchema = z.object({ version: seasonVersionSchema, ...partyExtraFields });

/** POST .../party/{extraId}: adds one variation at the end of the extra. */
export const partyExtraVariationAddSchema = partyExtraVariationInputSchema.omit({ id: true }).extend({ version: seasonVersionSchema });

/** PUT .../party (season-wide): every extra in order, plus queued removals, in one transaction. */
export const partyExtrasSeasonSaveSchema = z.object({
  version: seasonVersionSchema,
  extras: limitedList(z.array(partyExtraInputSchema), SEASON_EXTRAS_LIMITS),
  removed_ids: removedIdsSchema,
  /** How many variations under the model's margin guardrail the person saving confirmed (see margin-guardrail.ts). */
  below_guardrail_confirmed: z.number().int().min(0).max(100_000).optional(),
});
export type PartyExtrasSeasonSave = z.input<typeof partyExtrasSeasonSaveSchema>;

export type PartyExtraVariation = Omit<z.output<typeof partyExtraVariationInputSchema>, 'id'> & StoredPriceFields & { id: number; tour_party_extra_id: number };
export type PartyExtra = Omit<PartyExtraParsed, 'id' | 'variations' | 'guidance'> & {
  id: number;
  tour_season_id: number;
  guidance: number;
  variations: PartyExtraVariation[];
};

const PRE_OR_POST = { message: 'Check Pre, Post or both', path: ['pre'] };

export const roomExtraVariationInputSchema = priceFieldsSchema.extend({
  id: id.optional(),
  start: isoDate.nullable().default(null),
  end: isoDate.nullable().default(null),
  room_type_id: optionalId.default(null),
  accommodation_category_id: optionalId.default(null),
  specific_dates: z.array(isoDate).max(MAX_DATES).default([]),
  restricted_dates: z.array(isoDate).max(MAX_DATES).default([]),
  restricted_days: z.array(weekday).max(7).default([]),
});

const roomExtraFields = {
  name: extraName,
  pre: z.boolean().default(true),
  post: z.boolean().default(true),
  variations: z.array(roomExtraVariationInputSchema).max(MAX_VARIATIONS).default([]),
};

/** One room extra (extra night) with its dated variations; at least one of Pre and Post is set. */
export const roomExtraInputSchema = z.object({ id: id.optional(), ...roomExtraFields }).refine(hasPreOrPost, PRE_OR_POST);
export type RoomExtraParsed = z.output<typeof roomExtraInputSchema>;

/** POST .../room and PUT .../room/{extraId}. */
export const roomExtraSaveSchema = z.object({ version: seasonVersionSchema, ...roomExtraFields }).refine(hasPreOrPost, PRE_OR_POST);

/** POST .../room/{extraId}: adds one variation at the end of the extra. */
export const roomExtraVariationAddSchema = roomExtraVariationInputSchema.omit({ id: true }).extend({ version: seasonVersionSchema });

/** PUT .../room (season-wide). */
export const roomExtrasSeasonSaveSchema = z.object({
  version: seasonVersionSchema,
  extras: limitedList(z.array(roomExtraInputSchema), SEASON_EXTRAS_LIMITS),
  removed_ids: removedIdsSchema,
  /** How many variations under the model's margin guardrail the person saving confirmed (see margin-guardrail.ts). */
  below_guardrail_confirmed: z.number().int().min(0).max(100_000).optional(),
});
export type RoomExtrasSeasonSave = z.input<typeof roomExtrasSeasonSaveSchema>;

export type RoomExtraVariation = Omit<z.output<typeof roomExtraVariationInputSchema>, 'id'> & StoredPriceFields & { id: number; tour_room_extra_id: number };
export type RoomExtra = Omit<RoomExtraParsed, 'id' | 'variations'> & { id: number; tour_season_id: number; variations: RoomExtraVariation[] };

export type ExtraKind = 'party' | 'room';
export const EXTRA_KINDS: readonly ExtraKind[] = ['party', 'room'];

/** GET .../party: the season (model rates, currency rate, version) and its extras in order. */
export type PartyExtrasList = { tour_season: TourSeasonPricingContext; extras: PartyExtra[] };
export type RoomExtrasList = { tour_season: TourSeasonPricingContext; extras: RoomExtra[] };

/** GET/POST/PUT of one extra. */
export type PartyExtraAnswer = { extra: PartyExtra; version: number };
export type RoomExtraAnswer = { extra: RoomExtra; version: number };

/** POST .../{extraId}: the new variation and the extra it joined. */
export type PartyVariationAdded = PartyExtraAnswer & { variation: PartyExtraVariation };
export type RoomVariationAdded = RoomExtraAnswer & { variation: RoomExtraVariation };

export type PartyExtrasSeasonSaved = PartyExtrasList & SeasonSaveOutcome;
export type RoomExtrasSeasonSaved = RoomExtrasList & SeasonSaveOutcome;

/** Toasts of SPEC.md section 8. */
export const extraToast = {
  created: (extraId: number) => `Created extra ${extraId}`,
  updated: (extraId: number) => `Updated extra ${extraId}`,
  deleted: (extraId: number) => `Deleted extra ${extraId}`,
};
