// The in-memory shape of one tour season before it is written. Ids start at 0 and are filled in
// from the tables' sequences when the rows are inserted; bookings then read the plans.

import type { MarkupRate } from '../../../domain/price-maths.js';
import type { BikeRef, ModelRef, Named, RoomTypeRef, SeasonRef } from './reference-data.js';
import type { TourPlan } from './seed-tours.js';
import type { StoredPriceFields } from './price-book.js';

export type DateRules = { specificDates: string[]; restrictedDates: string[]; restrictedDays: number[] };

export type RoutePlan = { id: number; name: string };

export type PricePlan = {
  id: number;
  roomType: RoomTypeRef;
  accommodation: Named | null;
  deck: Named | null;
  position: number;
  stored: StoredPriceFields;
};

export type CategoryPlan = DateRules & {
  id: number;
  position: number;
  start: string;
  end: string;
  nights: number;
  guided: boolean | null;
  boatId: number | null;
  route: RoutePlan | null;
  prices: PricePlan[];
};

export type BikePlan = { id: number; bike: BikeRef; nights: number | null; boatId: number | null; order: number; stored: StoredPriceFields };

export type PartyExtraVariationPlan = {
  id: number;
  accommodationCategoryId: number | null;
  bikeId: number | null;
  minPax: number | null;
  maxPax: number | null;
  position: number;
  stored: StoredPriceFields;
};
export type PartyExtraPlan = {
  id: number;
  name: string;
  guidance: number;
  boatId: number | null;
  nights: number | null;
  order: number;
  variations: PartyExtraVariationPlan[];
};

export type RoomExtraVariationPlan = DateRules & {
  id: number;
  start: string;
  end: string;
  roomTypeId: number;
  accommodationCategoryId: number | null;
  position: number;
  stored: StoredPriceFields;
};
export type RoomExtraPlan = { id: number; name: string; pre: boolean; post: boolean; variations: RoomExtraVariationPlan[] };

export type ReductionPlan = {
  order: number;
  percent: number | null;
  cost: number | null;
  roomTypeId: number | null;
  deckId: number | null;
  outputQuantity: number | null;
  outputMin: number | null;
  outputMax: number | null;
  inputQuantity: number | null;
  inputMin: number | null;
  inputMax: number | null;
  childCalcRoom: number | null;
  childCalcAccommodation: number | null;
};

export type TourSeasonPlan = {
  id: number;
  tour: TourPlan;
  season: SeasonRef;
  model: ModelRef;
  rates: MarkupRate[];
  currencyId: number;
  currencyRate: number;
  deposit: number;
  live: boolean;
  routes: RoutePlan[];
  categories: CategoryPlan[];
  bikes: BikePlan[];
  partyExtras: PartyExtraPlan[];
  roomExtras: RoomExtraPlan[];
  reductions: ReductionPlan[];
  specification: { includes: string; excludes: string };
};
