// A tour season's bikes, party extras, room extras (extra nights), reductions and specification.
// All of these are priced with the supplement markup.

import type { MarkupRate } from '../../../domain/price-maths.js';
import type { PriceRowInput } from '../../../formulas/price-rows.js';
import type { PriceBook } from './price-book.js';
import type { ReferenceData } from './reference-data.js';
import { isoDate } from './seed-dates.js';
import type { SeededRandom } from './seeded-random.js';
import type { TourPlan } from './seed-tours.js';
import type { BikePlan, CategoryPlan, PartyExtraPlan, ReductionPlan, RoomExtraPlan } from './tour-season-plan.js';
import { PARTY_EXTRA_NAMES } from './word-lists.js';

export type SupplementSettings = {
  year: number;
  rates: MarkupRate[];
  currencyRate: number;
  /** Prices the rows (see price-book.ts); plans hold the fields it fills in. */
  book: PriceBook;
  categories: CategoryPlan[];
};

const input = (gross: number, formula: string | null, rate: MarkupRate): PriceRowInput => ({
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: rate.id,
});

/** Bikes per season: hybrid (included) and electric always, a few others; electric per nights option. */
export function planBikes(random: SeededRandom, reference: ReferenceData, tour: TourPlan, settings: SupplementSettings): BikePlan[] {
  const rate = settings.rates[0];
  const byName = (name: string) => reference.bikes.find((bike) => bike.name === name)!;
  const others = random.sample(['Road bike', 'Tandem', 'Child bike', 'Trailer bike', 'Own bike'].map(byName), random.int(1, 3));
  const planned: { bike: BikePlan['bike']; nights: number | null; row: PriceRowInput }[] = [
    { bike: byName('Hybrid bike'), nights: null, row: input(0, null, rate) },
  ];
  const perDay = random.int(3, 6) * 5;
  for (const nights of tour.nights) {
    // Electric bikes are charged per day; staff often type the sum as `rate*days`.
    const row = random.chance(0.5) ? input(0, `${perDay}*${nights}`, rate) : input(perDay * nights, null, rate);
    planned.push({ bike: byName('Electric bike'), nights: tour.nights.length > 1 ? nights : null, row });
  }
  for (const bike of others) {
    const gross = bike.name === 'Own bike' ? 0 : bike.name === 'Child bike' ? random.int(4, 10) * 5 : random.int(10, 30) * 5;
    planned.push({ bike, nights: null, row: input(gross, null, rate) });
  }
  const stored = settings.book.add(
    planned.map((bike) => bike.row),
    settings.rates,
    settings.currencyRate,
    'supplement',
  );
  return planned.map((bike, index) => ({ id: 0, bike: bike.bike, nights: bike.nights, boatId: tour.boatId, order: index + 1, stored: stored[index] }));
}

export function planPartyExtras(random: SeededRandom, reference: ReferenceData, tour: TourPlan, settings: SupplementSettings): PartyExtraPlan[] {
  const rate = settings.rates[0];
  const accommodationIds = [...new Set(settings.categories.flatMap((category) => category.prices.map((price) => price.accommodation?.id ?? null)))];
  const extras = random.sample([...PARTY_EXTRA_NAMES, 'Bike insurance'], random.int(1, 3)).map((name, order) => {
    const variations: { accommodationCategoryId: number | null; bikeId: number | null; minPax: number | null; maxPax: number | null; row: PriceRowInput }[] =
      [];
    if (name === 'Airport transfer') {
      const paxBands: [number, number, number][] = [
        [1, 2, random.int(20, 30) * 5],
        [3, 4, random.int(12, 18) * 5],
        [5, 8, random.int(8, 11) * 5],
      ];
      for (const [minPax, maxPax, gross] of paxBands)
        variations.push({ accommodationCategoryId: null, bikeId: null, minPax, maxPax, row: input(gross, null, rate) });
    } else if (name === 'Luggage upgrade') {
      for (const accommodationCategoryId of accommodationIds)
        variations.push({ accommodationCategoryId, bikeId: null, minPax: null, maxPax: null, row: input(random.int(6, 15) * 5, null, rate) });
    } else if (name === 'Bike insurance') {
      for (const bike of ['Hybrid bike', 'Electric bike']) {
        const bikeId = reference.bikes.find((candidate) => candidate.name === bike)!.id;
        variations.push({ accommodationCategoryId: null, bikeId, minPax: null, maxPax: null, row: input(bike === 'Hybrid bike' ? 15 : 30, null, rate) });
      }
    } else if (name === 'Picnic lunch (per day)') {
      variations.push({
        accommodationCategoryId: null,
        bikeId: null,
        minPax: null,
        maxPax: null,
        row: input(0, `${random.int(14, 22)}*${tour.nights[0] - 1}`, rate),
      });
    } else {
      variations.push({ accommodationCategoryId: null, bikeId: null, minPax: null, maxPax: null, row: input(random.int(6, 16) * 5, null, rate) });
    }
    const guidance = tour.guidance === 2 ? random.pick([0, 1, 2]) : tour.guidance;
    return { name, guidance, order, variations };
  });
  const stored = settings.book.add(
    extras.flatMap((extra) => extra.variations.map((variation) => variation.row)),
    settings.rates,
    settings.currencyRate,
    'supplement',
  );
  let next = 0;
  return extras.map((extra) => ({
    id: 0,
    name: extra.name,
    guidance: extra.guidance,
    boatId: tour.boatId,
    nights: null,
    order: extra.order,
    variations: extra.variations.map((variation, position) => ({
      id: 0,
      accommodationCategoryId: variation.accommodationCategoryId,
      bikeId: variation.bikeId,
      minPax: variation.minPax,
      maxPax: variation.maxPax,
      position,
      stored: stored[next++],
    })),
  }));
}

/** Extra nights before (in the start town) and after (in the finish town), per room type. */
export function planRoomExtras(random: SeededRandom, reference: ReferenceData, tour: TourPlan, settings: SupplementSettings): RoomExtraPlan[] {
  const rate = settings.rates[0];
  const sameTown = tour.startPoint === tour.finishPoint;
  const extras = sameTown
    ? [{ name: `Extra night in ${tour.startPoint}`, pre: true, post: true }]
    : [
        { name: `Extra night in ${tour.startPoint}`, pre: true, post: false },
        { name: `Extra night in ${tour.finishPoint}`, pre: false, post: true },
      ];
  const roomTypeIds = [...new Set(settings.categories.flatMap((category) => category.prices.map((price) => price.roomType.id)))];
  const accommodationId = settings.categories[0]?.prices[0]?.accommodation?.id ?? null;
  const start = isoDate(settings.year, 3, 28);
  const end = isoDate(settings.year, 10, 31);
  const planned = extras.map((extra) => {
    const perRoom = random.int(14, 30) * 5;
    const variations = roomTypeIds.map((roomTypeId, position) => {
      const roomType = reference.roomTypes.find((candidate) => candidate.id === roomTypeId)!;
      // Per room and night: a single costs most of a double; bigger rooms add a bed charge.
      const gross = roomType.sleeps <= 1 ? Math.round(perRoom * 0.75) : perRoom + Math.max(0, roomType.sleeps - 2) * 35;
      const row = random.chance(0.2) ? input(0, `${gross - 5}+5`, rate) : input(gross, null, rate);
      return { roomTypeId, position, row };
    });
    return { extra, variations };
  });
  const stored = settings.book.add(
    planned.flatMap((extra) => extra.variations.map((variation) => variation.row)),
    settings.rates,
    settings.currencyRate,
    'supplement',
  );
  let next = 0;
  return planned.map(({ extra, variations }) => ({
    id: 0,
    ...extra,
    variations: variations.map((variation) => ({
      id: 0,
      start,
      end,
      roomTypeId: variation.roomTypeId,
      accommodationCategoryId: accommodationId,
      specificDates: [],
      restrictedDates: [],
      restrictedDays: [],
      position: variation.position,
      stored: stored[next++],
    })),
  }));
}

/** Child reductions like the legacy ones: free under 6 (percent 100, output max 5), then less with age. */
export function planReductions(random: SeededRandom, reference: ReferenceData, tour: TourPlan): ReductionPlan[] {
  const double = reference.roomTypes.find((roomType) => roomType.name === 'Double')!;
  const blank: ReductionPlan = {
    order: 0,
    percent: null,
    cost: null,
    roomTypeId: null,
    deckId: null,
    outputQuantity: null,
    outputMin: null,
    outputMax: null,
    inputQuantity: 2,
    inputMin: 18,
    inputMax: null,
    childCalcRoom: double.id,
    childCalcAccommodation: null,
  };
  const reductions: ReductionPlan[] = [{ ...blank, order: 1, percent: 100, outputMin: 0, outputMax: 5, outputQuantity: 1 }];
  if (random.chance(0.7)) reductions.push({ ...blank, order: 2, percent: 50, outputMin: 6, outputMax: 13 });
  if (random.chance(0.4)) reductions.push({ ...blank, order: 3, percent: 25, outputMin: 14, outputMax: 17 });
  if (tour.boatId !== null) {
    const lower = reference.decks.find((deck) => deck.name === 'Lower deck')!;
    reductions.push({ ...blank, order: reductions.length + 1, cost: 40, deckId: lower.id, inputQuantity: null, inputMin: null, childCalcRoom: null });
  }
  return reductions;
}

export function planSpecification(random: SeededRandom, tour: TourPlan): { includes: string; excludes: string } {
  const nights = tour.nights[0];
  return {
    includes:
      `<ul><li>${nights} nights with breakfast</li><li>${random.int(1, nights)} dinners</li><li>Luggage ` +
      `transfers</li><li>Route book and app</li><li>Hybrid bike with pannier</li></ul>`,
    excludes:
      '<ul><li>Travel to the start and from the finish</li><li>Travel insurance</li><li>Local tourist tax (about 1-4 euro per person per night)</li></ul>',
  };
}
