import { rowsBelowGuardrail, type MarginGuardrail } from '../../../domain/models/margin-guardrail.js';
import { effectiveRateId, isUsableCurrencyRate, profitOf } from '../../../domain/price-maths.js';
import type { DateRange } from '../../../domain/pricing/date-ranges.js';
import type { SeasonRate } from '../../../domain/pricing/tour-pricing.js';
import type {
  RolledCategory,
  RolledExtra,
  RolledPrice,
  RolledPriceValues,
  RolledTotals,
  RolledTour,
  RolloverPart,
} from '../../../domain/rollover/rollover-request.js';
import { mapRatesByCommission, shiftRolledDate, upliftedGross, type DateShift, type RoundingRule } from '../../../domain/rollover/rollover-rules.js';
import { evaluatePriceRows } from '../../../formulas/evaluate-price-rows.js';
import { isPriceRowError, type PriceRowInput, type PriceRowOutcome } from '../../../formulas/price-rows.js';

// One tour season rolled over, as a pure function of its stored rows and the roll-over's rules:
// what the preview shows and what the commit writes come from this one computation, so the
// preview always equals the commit.

/** A stored price (a group's or a bike's) as the roll-over reads it: what was typed, and the net and cost stored with it. */
export type SourcePrice = PriceRowInput & { net: number; cost: number };

export type SourceCategory = {
  id: number;
  start: string | null;
  end: string | null;
  date_ranges: DateRange[];
  nights: number | null;
  guided: boolean | null;
  boat_id: number | null;
  tour_route_id: number | null;
  specific_dates: string[];
  restricted_dates: string[];
  restricted_days: number[];
};

/** A supplement or an extra night: its own fields (with `name`) and its variations, whose prices are one grid. */
export type SourceExtra<Extra, Variation> = { extra: Extra & { name: string }; variations: (SourcePrice & Variation)[] };
export type PartyExtraFields = { guidance: number; boat_id: number | null; nights: number | null };
export type PartyVariationFields = { accommodation_category_id: number | null; bike_id: number | null; min_pax: number | null; max_pax: number | null };
export type RoomExtraFields = { pre: boolean; post: boolean };
export type RoomVariationFields = {
  start: string | null;
  end: string | null;
  room_type_id: number | null;
  accommodation_category_id: number | null;
  specific_dates: string[];
  restricted_dates: string[];
  restricted_days: number[];
};
/** A reduction's columns besides its id and tour season, copied as they are. */
export type ReductionFields = Record<string, unknown> & { percent: number | null; cost: number | null };

export type SourceTourSeason = {
  tour_id: number;
  tour_code: string;
  tour_name: string;
  destination: string;
  tour_season_id: number;
  deposit: number | null;
  currency_id: number | null;
  /** The source model's rates (empty without a model). */
  rates: SeasonRate[];
  /** The currency's rate in the source season. */
  currency_rate: number | null;
  routes: { id: number; name: string }[];
  categories: SourceCategory[];
  prices: (SourcePrice & { tour_pricing_category_id: number; room_type_id: number | null; accommodation_category_id: number | null; deck_id: number | null })[];
  bikes: (SourcePrice & { bike_id: number; nights: number | null; boat_id: number | null; gallery_id: number | null })[];
  specifications: { price_includes: string; price_excludes: string }[];
  supplements: SourceExtra<PartyExtraFields, PartyVariationFields>[];
  extraNights: SourceExtra<RoomExtraFields, RoomVariationFields>[];
  reductions: ReductionFields[];
  /** The tour season already in the target season that this roll-over replaces (what it holds, whether it has bookings); null for a new one. */
  replaces: { tour_season_id: number; rows: number; cost: number; booked: boolean } | null;
};

/** What every tour of a roll-over shares: the target's model and rules. */
export type RolloverRules = {
  rounding: RoundingRule;
  shift: DateShift;
  /** Years from the source season to the target (1 when the names give none). */
  years: number;
  parts: ReadonlySet<RolloverPart>;
  target: { model_id: number; model_name: string; rates: SeasonRate[]; guardrail: MarginGuardrail };
  /** Each currency's name and rate in the target season. */
  currencies: ReadonlyMap<number, { name: string; rate: number | null }>;
};

/** A row as the commit writes it: the price fields and the values the engine gave (the same shape as a stored one). */
export type RolledRow = SourcePrice;

/** The tour season rolled: the preview of it, and what the commit writes. */
export type RolledTourSeason = {
  preview: RolledTour;
  writes: {
    routes: { id: number; name: string }[];
    categories: (Omit<SourceCategory, 'id'> & { source_id: number })[];
    prices: (RolledRow & { category_index: number; room_type_id: number | null; accommodation_category_id: number | null; deck_id: number | null })[];
    bikes: (RolledRow & { bike_id: number; nights: number | null; boat_id: number | null; gallery_id: number | null })[];
    specifications: { price_includes: string; price_excludes: string }[];
    supplements: ExtraWrite<PartyExtraFields, PartyVariationFields>[];
    extraNights: ExtraWrite<RoomExtraFields, RoomVariationFields>[];
    reductions: ReductionFields[];
  };
};

/** An extra as the commit writes it: its fields, and its variations' fields with their rolled prices. */
export type ExtraWrite<Extra, Variation> = { extra: Extra & { name: string }; variations: (Variation & RolledRow)[] };

const round2 = (value: number) => Math.round(value * 100) / 100;
const percentOf = (part: number, whole: number) => (whole === 0 ? null : round2((part / whole) * 100));

function valuesOf(row: SourcePrice, currencyRate: number | null): RolledPriceValues {
  const profit = isUsableCurrencyRate(currencyRate) ? profitOf(row.net, row.cost, currencyRate) : null;
  return {
    gross: row.gross,
    formula: row.formula,
    net: row.net,
    cost: row.cost,
    profit,
    margin: profit === null ? null : percentOf(profit, row.cost),
    markup_rate_id: row.markup_rate_id,
  };
}

type RolledGrid = { rows: RolledRow[]; prices: RolledPrice[]; problems: string[] };

/**
 * One grid (a season's prices across its groups, or its bikes) rolled: plain grosses uplifted and
 * rounded, formulas kept and evaluated over the rolled rows, each rate moved to the target model's
 * rate of the same commission, then priced at the target's rates and currency rate.
 */
function rollGrid(
  source: readonly SourcePrice[],
  sourceRates: readonly SeasonRate[],
  sourceCurrencyRate: number | null,
  uplift: number,
  rules: RolloverRules,
  currencyRate: number | null,
  kind: 'tour' | 'supplement',
  name: (index: number) => string,
): RolledGrid {
  const { map, unmatched } = mapRatesByCommission(sourceRates, rules.target.rates);
  const targetIds = new Set(rules.target.rates.map((rate) => rate.id));
  const unmatchedById = new Map(unmatched.map((rate) => [rate.id, rate]));
  const problems: string[] = [];
  const typed = source.map((row, index) => {
    let markup_rate_id = row.markup_rate_id;
    let unmatched_commission: number | null = null;
    if (markup_rate_id !== null && !targetIds.has(markup_rate_id)) {
      const mapped = map.get(markup_rate_id);
      if (mapped !== undefined) markup_rate_id = mapped;
      else {
        unmatched_commission = unmatchedById.get(markup_rate_id)?.commission ?? null;
        const commission = unmatched_commission === null ? `rate ${markup_rate_id}` : `${unmatched_commission}%`;
        problems.push(`${name(index)}: commission ${commission} has no rate in model ${rules.target.model_name}`);
      }
    }
    const gross = row.formula === null ? upliftedGross(row.gross, uplift, rules.rounding) : row.gross;
    return { input: { formula: row.formula, gross, non_com: row.non_com, adjustment: row.adjustment, markup_rate_id }, unmatched_commission };
  });
  const outcomes: PriceRowOutcome[] = evaluatePriceRows(
    typed.map((row) => row.input),
    rules.target.rates,
    currencyRate,
    kind,
  );
  const rates = new Set(rules.target.rates.map((rate) => rate.id));
  const guarded = outcomes.map((outcome, index) =>
    isPriceRowError(outcome) || !rates.has(effectiveRateId(typed[index].input.markup_rate_id)) ? { error: 'not priced' } : outcome,
  );
  const below = new Set(isUsableCurrencyRate(currencyRate) ? rowsBelowGuardrail(guarded, rules.target.guardrail) : []);
  const rows: RolledRow[] = [];
  const prices: RolledPrice[] = [];
  outcomes.forEach((outcome, index) => {
    const { input, unmatched_commission } = typed[index];
    if (isPriceRowError(outcome)) {
      problems.push(`${name(index)}: ${outcome.error}`);
      rows.push({ ...input, net: 0, cost: input.adjustment });
    } else rows.push({ ...input, gross: outcome.gross, net: outcome.net, cost: outcome.cost });
    const before = valuesOf(source[index], sourceCurrencyRate);
    const after = valuesOf(rows[index], currencyRate);
    prices.push({
      before,
      after,
      change_percent: before.cost === 0 ? null : round2(((after.cost - before.cost) / before.cost) * 100),
      below_guardrail: below.has(index),
      unmatched_commission,
    });
  });
  return { rows, prices, problems };
}

/** The uplift in percent for a tour: its first destination's own, else its currency's, else the roll-over's. */
export type UpliftOf = (tour: { destination_ids: readonly number[]; currency_id: number | null }) => number;

const shiftDate = (date: string | null, rules: RolloverRules) => (date === null ? null : shiftRolledDate(date, rules.years, rules.shift));
// 29 February and 28 February of a leap year both land on 28 February: a list keeps one.
const shiftList = (dates: readonly string[], rules: RolloverRules) => [...new Set(dates.map((date) => shiftRolledDate(date, rules.years, rules.shift)))];

function totalsOf(prices: readonly RolledPrice[]): RolledTotals {
  const cents = (value: number) => Math.round(value * 100);
  const sum = (pick: (price: RolledPrice) => number) => prices.reduce((total, price) => total + cents(pick(price)), 0) / 100;
  return {
    rows: prices.length,
    gross_before: sum((price) => price.before.gross),
    gross_after: sum((price) => price.after.gross),
    cost_before: sum((price) => price.before.cost),
    cost_after: sum((price) => price.after.cost),
    below_guardrail: prices.filter((price) => price.below_guardrail).length,
  };
}

/** The variations of each extra rolled as one grid each, their other fields moved by `shift` (the dates of an extra night's). */
function rollExtras<Extra, Variation>(
  extras: readonly SourceExtra<Extra, Variation>[],
  what: string,
  roll: (rows: readonly SourcePrice[], name: (index: number) => string) => RolledGrid,
  shift: (variation: Variation) => Variation,
): { preview: RolledExtra[]; writes: ExtraWrite<Extra, Variation>[]; problems: string[] } {
  const rolled = extras.map(({ extra, variations }) => {
    const grid = roll(variations, (index) => `${what} "${extra.name}" [${index}]`);
    const writes = variations.map((variation, index) => {
      const {
        formula: _formula,
        gross: _gross,
        non_com: _nonCom,
        adjustment: _adjustment,
        markup_rate_id: _rate,
        net: _net,
        cost: _cost,
        ...fields
      } = variation;
      return { ...shift(fields as Variation), ...grid.rows[index] };
    });
    return { preview: { name: extra.name, prices: grid.prices }, write: { extra, variations: writes }, problems: grid.problems };
  });
  return { preview: rolled.map((extra) => extra.preview), writes: rolled.map((extra) => extra.write), problems: rolled.flatMap((extra) => extra.problems) };
}

const NONE = { preview: [], writes: [], problems: [] };

export function rollTourSeason(source: SourceTourSeason, uplift: number, rules: RolloverRules): RolledTourSeason {
  const currency = source.currency_id === null ? undefined : rules.currencies.get(source.currency_id);
  const currencyRate = currency?.rate ?? null;
  const problems: string[] = [];
  if (!isUsableCurrencyRate(currencyRate)) {
    problems.push(currency ? `${currency.name} has no exchange rate for the target season` : 'The tour season has no currency');
  }

  const categoryIndex = new Map(source.categories.map((category, index) => [category.id, index]));
  const prices = rollGrid(source.prices, source.rates, source.currency_rate, uplift, rules, currencyRate, 'tour', (index) => `Row [${index}]`);
  problems.push(...prices.problems);
  const bikes = rules.parts.has('bikes')
    ? rollGrid(source.bikes, source.rates, source.currency_rate, uplift, rules, currencyRate, 'supplement', (index) => `Bike row [${index}]`)
    : { rows: [], prices: [], problems: [] };
  problems.push(...bikes.problems);
  const roll = (rows: readonly SourcePrice[], name: (index: number) => string) =>
    rollGrid(rows, source.rates, source.currency_rate, uplift, rules, currencyRate, 'supplement', name);
  const supplements = rules.parts.has('supplements') ? rollExtras(source.supplements, 'Supplement', roll, (variation) => variation) : NONE;
  const extraNights = rules.parts.has('extra_nights')
    ? rollExtras(source.extraNights, 'Extra night', roll, (variation) => ({
        ...variation,
        start: shiftDate(variation.start, rules),
        end: shiftDate(variation.end, rules),
        specific_dates: shiftList(variation.specific_dates, rules),
        restricted_dates: shiftList(variation.restricted_dates, rules),
      }))
    : NONE;
  problems.push(...supplements.problems, ...extraNights.problems);
  const reductions = rules.parts.has('reductions') ? source.reductions : [];
  // Replacing a season that has bookings would unset their bikes; a rollback could not give them back.
  if (source.replaces?.booked) problems.push(`its tour season in the target season has bookings, so it cannot be replaced`);

  const categories: RolledCategory[] = source.categories.map((category) => ({
    start: shiftDate(category.start, rules),
    end: shiftDate(category.end, rules),
    nights: category.nights,
    prices: [],
  }));
  source.prices.forEach((price, index) => categories[categoryIndex.get(price.tour_pricing_category_id)!].prices.push(prices.prices[index]));

  const allPrices = [...prices.prices, ...bikes.prices, ...[...supplements.preview, ...extraNights.preview].flatMap((extra) => extra.prices)];
  return {
    preview: {
      tour_id: source.tour_id,
      tour_code: source.tour_code,
      tour_name: source.tour_name,
      destination: source.destination,
      tour_season: {
        source_tour_season_id: source.tour_season_id,
        markup_model_id: rules.target.model_id,
        model_name: rules.target.model_name,
        currency_id: source.currency_id,
        currency_name: currency?.name ?? null,
        currency_rate: currencyRate,
        uplift_percent: uplift,
      },
      categories,
      bikes: bikes.prices,
      supplements: supplements.preview,
      extra_nights: extraNights.preview,
      reductions: reductions.length,
      replaces: source.replaces && { tour_season_id: source.replaces.tour_season_id, rows: source.replaces.rows, cost: source.replaces.cost },
      below_guardrail: allPrices.filter((price) => price.below_guardrail).length,
      problems: problems.map((problem) => `${source.tour_code}: ${problem}`),
      totals: totalsOf(allPrices),
    },
    writes: {
      routes: source.routes,
      categories: source.categories.map(({ id, ...category }) => ({
        ...category,
        source_id: id,
        start: shiftDate(category.start, rules),
        end: shiftDate(category.end, rules),
        date_ranges: category.date_ranges.map((range) => ({ start: shiftDate(range.start, rules), end: shiftDate(range.end, rules) })),
        specific_dates: shiftList(category.specific_dates, rules),
        restricted_dates: shiftList(category.restricted_dates, rules),
      })),
      prices: source.prices.map((price, index) => ({
        ...prices.rows[index],
        category_index: categoryIndex.get(price.tour_pricing_category_id)!,
        room_type_id: price.room_type_id,
        accommodation_category_id: price.accommodation_category_id,
        deck_id: price.deck_id,
      })),
      bikes: source.bikes.map((bike, index) => ({
        ...bikes.rows[index],
        bike_id: bike.bike_id,
        nights: bike.nights,
        boat_id: bike.boat_id,
        gallery_id: bike.gallery_id,
      })),
      specifications: rules.parts.has('specifications') ? source.specifications : [],
      supplements: supplements.writes,
      extraNights: extraNights.writes,
      reductions,
    },
  };
}
