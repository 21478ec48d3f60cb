import type { PriceListName } from '../pricing/price-lists.js';

/** The stored rows of one price list, column by column (row i is index i of every column). */
export type PriceListColumns = {
  tour_season_id: number[];
  gross: number[];
  non_com: number[];
  adjustment: number[];
  markup_rate_id: (number | null)[];
  net: number[];
  cost: number[];
};

export type PricingInputsTourSeason = {
  id: number;
  season_id: number;
  /** The tour code the preview groups by (`Tour {id}` for a tour without one). */
  tour_code: string;
  currency_id: number | null;
  markup_model_id: number | null;
  /** The margin guardrail of the tour season's model (null without a model or when unset). */
  min_margin_percent: number | null;
  min_profit: number | null;
  /** The stored season rate of the tour season's currency. */
  currency_rate: number | null;
};

/**
 * `GET bulk-pricing/{season_id}/inputs`: everything a currency-rate or model-rate change of the
 * season reprices, loaded once when /pgt opens, so the page works out each what-if in the
 * browser as staff type: the tour seasons of the season (and any other tour season that follows
 * one of its models), the rates of their models, and every stored price, bike and extra
 * variation row with the net and cost stored for it.
 */
export type SeasonPricingInputs = {
  season_id: number;
  tour_seasons: PricingInputsTourSeason[];
  rates: { id: number; markup_model_id: number; commission: number; markup: number; supplement_markup: number }[];
  lists: Record<PriceListName, PriceListColumns>;
};
