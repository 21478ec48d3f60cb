/** One tour of the season as the bulk pricing page's tour-code tabs show it (SPEC.md section 3). */
export type BulkPricingTour = {
  id: number;
  tour_code: string;
  name: string;
  tour_season_id: number;
  markup_model_id: number | null;
  currency_id: number | null;
};

/** `GET bulk-pricing/{season_id}`: the season and its tours; their prices load lazily per tour. */
export type BulkPricingView = {
  season: { id: number; name: string; model_id: number | null; currency_id: number | null };
  tours: BulkPricingTour[];
};
