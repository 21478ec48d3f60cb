// A tour season's price groups (date range x nights x guidance) and their price rows, shaped like
// real grids: Single = Double plus a supplement, Twin = Double, a later date range = the earlier
// one plus a rise, written as `[n]` formulas; triples and quads as arithmetic like the legacy
// system's `(675*.9+675+675)/3` and `545+120+230+55`.

import type { MarkupRate } from '../../../domain/price-maths.js';
import type { PriceRowInput } from '../../../formulas/price-rows.js';
import type { PriceBook } from './price-book.js';
import type { Named, ReferenceData, RoomTypeRef } from './reference-data.js';
import { addDays, daysBetween, isoDate, weekday } from './seed-dates.js';
import type { SeededRandom } from './seeded-random.js';
import type { TourPlan } from './seed-tours.js';
import type { CategoryPlan, DateRules, RoutePlan } from './tour-season-plan.js';

export type SeasonPriceSettings = {
  year: number;
  /** 0 for the first season: prices rise a little each year. */
  seasonIndex: number;
  categoryCount: number;
  /** The widest grid: five room types and two accommodation categories. */
  widest: boolean;
  rates: MarkupRate[];
  currencyRate: number;
  /** Prices the rows (see price-book.ts); plans hold the fields it fills in. */
  book: PriceBook;
  routes: RoutePlan[];
};

type PlannedRow = { input: PriceRowInput; roomType: RoomTypeRef; accommodation: Named | null; deck: Named | null; position: number; category: CategoryPlan };

const ACCOMMODATION_FACTORS: Record<string, number> = { Simple: 0.85, Comfort: 1, Superior: 1.2, Deluxe: 1.45 };
const RESTRICTED_DAY_PATTERNS: readonly number[][] = [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], [0], [1, 2, 3, 4], [0, 1, 2, 3, 4, 5]];

const roundTo5 = (value: number) => Math.round(value / 5) * 5;

/** The season window, split into `count` consecutive date ranges. */
function dateRanges(year: number, count: number): { start: string; end: string }[] {
  const first = isoDate(year, 3, 28);
  const span = daysBetween(first, isoDate(year, 10, 24)) + 1;
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(first, Math.floor((span * index) / count));
    const end = addDays(first, Math.floor((span * (index + 1)) / count) - 1);
    return { start, end };
  });
}

/** Price rises towards midsummer: 1 at the ends of the season, up to about 1.2 in the middle. */
function seasonalFactor(rangeIndex: number, rangeCount: number): number {
  if (rangeCount === 1) return 1;
  const middle = 1 - Math.abs((2 * rangeIndex) / (rangeCount - 1) - 1);
  return 1 + 0.2 * middle;
}

function dateRules(random: SeededRandom, start: string, end: string, guided: boolean | null): DateRules {
  const length = daysBetween(start, end) + 1;
  if (guided === true) {
    // Guided groups leave on fixed Saturdays.
    const saturdays = Array.from({ length }, (_, offset) => addDays(start, offset)).filter((date) => weekday(date) === 6);
    const specificDates = random.sample(saturdays, random.int(1, Math.min(4, saturdays.length)));
    if (specificDates.length > 0) return { specificDates, restrictedDates: [], restrictedDays: [] };
  }
  const restrictedDays = random.chance(0.25) ? random.pick(RESTRICTED_DAY_PATTERNS) : [];
  const restrictedDates = random.chance(0.1) ? [addDays(start, random.int(0, length - 1))] : [];
  return { specificDates: [], restrictedDates, restrictedDays };
}

export function planSeasonPrices(random: SeededRandom, reference: ReferenceData, tour: TourPlan, settings: SeasonPriceSettings): CategoryPlan[] {
  const byName = (name: string) => reference.roomTypes.find((roomType) => roomType.name === name)!;
  const [double, twin, single, triple, quad, family] = ['Double', 'Twin', 'Single', 'Triple', 'Quad', 'Family suite'].map(byName);
  const roomTypes = settings.widest
    ? [double, twin, single, triple, quad]
    : [double, ...random.sample([twin, single, triple, quad], random.int(2, 4)), ...(random.chance(0.08) ? [family] : [])];
  const onBoat = tour.boatId !== null;
  const accommodations = onBoat
    ? [reference.accommodationCategories[0]]
    : random.sample(
        reference.accommodationCategories,
        settings.widest
          ? 2
          : random.weighted([
              [1, 1],
              [2, 1],
            ] as const),
      );
  const decks: (Named | null)[] = onBoat ? random.sample(reference.decks, 2) : [null];
  const guidedOptions: (boolean | null)[] = tour.guidance === 0 ? [null] : tour.guidance === 1 ? [true] : [false, true];
  const perRange = tour.nights.length * guidedOptions.length;
  const ranges = dateRanges(settings.year, Math.max(1, Math.ceil(settings.categoryCount / perRange)));
  const routed = settings.routes.length > 1 || random.chance(0.5);

  const nonCom = random.chance(0.3) ? random.int(6, 24) * 5 : 0;
  const defaultRate = random.weighted([
    [settings.rates[0], 7],
    [settings.rates[1], 2],
    [settings.rates[2], 1],
  ] as const);
  const priceLift = 1 + 0.04 * settings.seasonIndex;

  const categories: CategoryPlan[] = [];
  const rows: PlannedRow[] = [];
  /** Latest Double row and its gross per (nights, guided, accommodation, deck), for `[n]+rise` formulas. */
  const lastDouble = new Map<string, { index: number; gross: number }>();

  for (const [rangeIndex, range] of ranges.entries()) {
    for (const nights of tour.nights) {
      for (const guided of guidedOptions) {
        if (categories.length === settings.categoryCount) break;
        const category: CategoryPlan = {
          id: 0,
          position: categories.length,
          start: range.start,
          end: range.end,
          nights,
          guided,
          boatId: tour.boatId,
          route: routed ? settings.routes[rangeIndex % settings.routes.length] : null,
          ...dateRules(random, range.start, range.end, guided),
          prices: [],
        };
        categories.push(category);
        const nightsFactor = nights / tour.nights[0];
        const guidedFactor = guided ? 1.35 : 1;
        let position = 0;
        for (const accommodation of accommodations) {
          for (const deck of decks) {
            const doublePrice = roundTo5(
              tour.basePrice *
                priceLift *
                seasonalFactor(rangeIndex, ranges.length) *
                nightsFactor *
                guidedFactor *
                ACCOMMODATION_FACTORS[accommodation.name] *
                (deck?.name === 'Upper deck' ? 1.1 : 1),
            );
            const key = `${nights}|${guided}|${accommodation.id}|${deck?.id}`;
            let doubleIndex = -1;
            for (const roomType of roomTypes) {
              const index = rows.length;
              const input = priceInput(random, roomType.name, doublePrice, doubleIndex, lastDouble.get(key));
              input.non_com = nonCom;
              input.adjustment = random.chance(0.08) ? random.pick([5, 10, 15, 20, -10]) : 0;
              input.markup_rate_id = random.chance(0.1) ? random.pick(settings.rates).id : defaultRate.id;
              if (roomType === double) {
                doubleIndex = index;
                lastDouble.set(key, { index, gross: doublePrice });
              }
              rows.push({ input, roomType, accommodation, deck, position: position++, category });
            }
          }
        }
      }
    }
  }

  // The whole season is one grid: `[n]` counts rows across all its groups in display order.
  const stored = settings.book.add(
    rows.map((row) => row.input),
    settings.rates,
    settings.currencyRate,
    'tour',
  );
  rows.forEach((row, index) => {
    row.category.prices.push({
      id: 0,
      roomType: row.roomType,
      accommodation: row.accommodation,
      deck: row.deck,
      position: row.position,
      stored: stored[index],
    });
  });
  return categories;
}

/**
 * One row's gross as staff would type it. Only Double rows are referenced by others, and a Double
 * row is a plain number or an earlier Double plus a whole rise, so every reference lands on the
 * intended amount exactly.
 */
function priceInput(
  random: SeededRandom,
  roomType: string,
  doublePrice: number,
  doubleIndex: number,
  previousDouble: { index: number; gross: number } | undefined,
): PriceRowInput {
  const row = (formula: string | null, gross: number): PriceRowInput => ({ formula, gross, non_com: 0, adjustment: 0, markup_rate_id: null });
  const hasDouble = doubleIndex >= 0;
  switch (roomType) {
    case 'Double':
      if (previousDouble && doublePrice > previousDouble.gross && random.chance(0.35)) {
        return row(`[${previousDouble.index}]+${doublePrice - previousDouble.gross}`, doublePrice);
      }
      return row(null, doublePrice);
    case 'Twin':
      return hasDouble && random.chance(0.3) ? row(`[${doubleIndex}]`, doublePrice) : row(null, doublePrice);
    case 'Single': {
      const supplement = roundTo5(doublePrice * (0.25 + random.next() * 0.2));
      const roll = random.next();
      if (hasDouble && roll < 0.4) return row(`[${doubleIndex}]+${supplement}`, doublePrice + supplement);
      if (roll < 0.7) return row(`${doublePrice}+${supplement}`, doublePrice + supplement);
      return row(null, doublePrice + supplement);
    }
    case 'Triple':
      return random.chance(0.5) ? row(`(${doublePrice}*.9+${doublePrice}+${doublePrice})/3`, 0) : row(null, roundTo5(doublePrice * 0.95));
    case 'Quad': {
      const quad = roundTo5(doublePrice * 0.88);
      if (!random.chance(0.3)) return row(null, quad);
      const extras = [random.int(4, 12) * 5, random.int(2, 8) * 5];
      return row(`${quad - extras[0] - extras[1]}+${extras[0]}+${extras[1]}`, quad);
    }
    default:
      return row(null, roundTo5(doublePrice * 0.85));
  }
}
