// How much the seed makes. 'demo' is what a new install shows; 'large' is sized for the
// benchmarks: list paging over 50,000 bookings, a currency-rate change touching over 20,000
// price rows of one season, and a single tour season of about 2,000 price rows.

export type SeedScale = 'demo' | 'large';

export type Range = readonly [min: number, max: number];

export type ScaleProfile = {
  tours: number;
  bookings: number;
  enquiries: number;
  /** Price groups per tour season in the bulk-pricing season (the first). */
  bulkSeasonCategories: Range;
  /** Price groups per tour season in the other seasons. */
  otherSeasonCategories: Range;
  /** Price groups of the one very large tour season (first tour, bulk season); null for none. */
  largestSeasonCategories: number | null;
  /** Share of tours that also have the last season. */
  lastSeasonShare: number;
  /** The bulk season must reach this many price rows, or the seed is not fit for its benchmark. */
  minimumBulkSeasonPrices: number;
};

export const SEED_SCALES: Record<SeedScale, ScaleProfile> = {
  demo: {
    tours: 40,
    bookings: 500,
    enquiries: 60,
    bulkSeasonCategories: [3, 6],
    otherSeasonCategories: [2, 5],
    largestSeasonCategories: null,
    lastSeasonShare: 0.5,
    minimumBulkSeasonPrices: 0,
  },
  large: {
    tours: 300,
    bookings: 50_000,
    enquiries: 2_000,
    bulkSeasonCategories: [10, 14],
    otherSeasonCategories: [3, 6],
    largestSeasonCategories: 200,
    lastSeasonShare: 0.5,
    minimumBulkSeasonPrices: 20_000,
  },
};

export function isSeedScale(value: string): value is SeedScale {
  return value === 'demo' || value === 'large';
}
