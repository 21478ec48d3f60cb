import type { Kysely } from 'kysely';
import { storedDateRanges, type DateRange } from '../../domain/pricing/date-ranges.js';
import {
  PRICING_GROUP_FIELDS,
  type CategoryPrice,
  type PricingCategory,
  type PricingCategoryInput,
  type SeasonPricing,
  type SeasonPricingSave,
} from '../../domain/pricing/tour-pricing.js';
import {
  deletePricingCategories,
  deleteSeasonPrices,
  findStoredPricingRows,
  insertPricingCategory,
  insertSeasonPrices,
  PRICE_ROW_COLUMNS,
  updatePricingCategory,
  updateSeasonPrices,
  type PriceRowWrite,
  type StoredPricingRow,
} from '../db/repositories/season-pricing-repository.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http-errors.js';
import { evaluateForSave, saveMathsOf, type RowLocation } from './evaluate-for-save.js';
import type { StoredPrice } from './keep-stored-cost.js';
import { groupDatesOf, type GroupDates } from './group-date-ranges.js';
import { loadPricingContext } from './load-pricing-context.js';
import { seasonPricingOf } from './load-season-pricing.js';
import { checkSeasonSize } from './check-season-size.js';
import { checkGuardrail } from './check-guardrail.js';
import { listChanges, recordChangeSet } from './price-history.js';
import { shareTheThread } from '../thread-turns.js';

/**
 * Stores a season's whole pricing as sent (groups and prices in display order), in the caller's
 * transaction, which has claimed the tour season at the version the client read
 * (claimTourSeason): formulas evaluated and net and cost computed before any row is written,
 * then only the groups and prices that differ from what is stored are written, and
 * everything not sent (or queued for removal) deleted. A failure anywhere leaves the season as it
 * was. Writing only the differences keeps a one-cell save cheap in a season of hundreds of rows.
 * Returns the season as now stored (what `loadSeasonPricing` would read), built from what was
 * written rather than read back. The prices it changed go into the price history as one change
 * set by the staff member saving.
 */
export async function saveSeasonPricing(trx: Kysely<Database>, tourSeasonId: number, save: SeasonPricingSave): Promise<SeasonPricing> {
  checkSeasonSize(save.categories);
  const context = await loadPricingContext(trx, tourSeasonId);

  const stored = await findStoredPricingRows(trx, tourSeasonId, { categories: CATEGORY_COLUMNS, prices: PRICE_COLUMNS });
  const storedCategories = new Map(stored.categories.map((row) => [row.id, storedGroup(row)]));
  const storedPrices = new Map(stored.prices.map((row) => [row.id, row]));
  checkOwnership(save, new Set(storedCategories.keys()), new Set(storedPrices.keys()));
  const groupDates = groupDatesOf(save.categories, storedCategories);

  const rows = save.categories.flatMap((category) => category.prices);
  const locations: RowLocation[] = save.categories.flatMap((category, categoryIndex) =>
    category.prices.map((price, priceIndex) => ({
      path: `categories.${categoryIndex}.prices.${priceIndex}`,
      label: price.id ? `price ${price.id}` : `new price in group ${categoryIndex + 1}`,
    })),
  );
  await shareTheThread();
  const storedInputs = rows.map((price) => (price.id ? (storedPrices.get(price.id) as StoredPrice | undefined) : undefined));
  const values = await evaluateForSave(rows, locations, saveMathsOf(context), 'tour', storedInputs);
  const belowGuardrail = checkGuardrail(context, [{ rows, values }], save.below_guardrail_confirmed);
  await shareTheThread();

  const keptPrices = new Set(rows.flatMap((price) => (price.id ? [price.id] : [])));
  const keptCategories = new Set(save.categories.flatMap((category) => (category.id ? [category.id] : [])));
  await deleteSeasonPrices(
    trx,
    [...storedPrices.keys()].filter((id) => !keptPrices.has(id)),
  );
  await deletePricingCategories(
    trx,
    [...storedCategories.keys()].filter((id) => !keptCategories.has(id)),
  );

  let rowIndex = 0;
  const inserts: PriceRowWrite[] = [];
  const updates: (PriceRowWrite & { id: number })[] = [];
  const written: PriceRowWrite[] = [];
  const categories: Omit<PricingCategory, 'prices'>[] = [];
  for (const [position, category] of save.categories.entries()) {
    const dates = groupDates[position];
    const categoryId = await upsertCategory(trx, tourSeasonId, category, dates, position, category.id ? storedCategories.get(category.id) : undefined);
    const { prices: _prices, ...fields } = category;
    categories.push({ ...fields, ...dates, id: categoryId });
    for (const [pricePosition, price] of category.prices.entries()) {
      const value = values[rowIndex++];
      const row: PriceRowWrite = {
        tour_pricing_category_id: categoryId,
        tour_season_id: tourSeasonId,
        room_type_id: price.room_type_id,
        accommodation_category_id: price.accommodation_category_id,
        deck_id: price.deck_id,
        formula: price.formula,
        gross: value.gross,
        non_com: price.non_com,
        adjustment: price.adjustment,
        markup_rate_id: price.markup_rate_id,
        net: value.net,
        cost: value.cost,
        position: pricePosition,
      };
      written.push(price.id ? { ...row, id: price.id } : row);
      if (!price.id) inserts.push(row);
      else if (differs(row, storedPrices.get(price.id)!, PRICE_COLUMNS)) updates.push({ id: price.id, ...row });
    }
  }
  await updateSeasonPrices(trx, updates);
  const newIds = await insertSeasonPrices(trx, inserts);
  await shareTheThread();
  // Inserted rows take their new ids in the order they were sent.
  const answer = written.map((row): CategoryPrice & { tour_pricing_category_id: number } => {
    const { tour_season_id: _season, position: _position, id, ...fields } = row;
    return { ...fields, id: id ?? newIds.shift()! };
  });
  await recordChangeSet(trx, 'pricing', listChanges(tourSeasonId, 'price', storedPrices, answer), { belowGuardrail });
  await shareTheThread();
  return seasonPricingOf(context, categories, answer);
}

const CATEGORY_COLUMNS = [...PRICING_GROUP_FIELDS, 'position'] as const;
const PRICE_COLUMNS = [...PRICE_ROW_COLUMNS, 'position'] as const;

type StoredDates = { date_ranges: DateRange[]; start: string | null; end: string | null };

/** A stored group with its ranges as a save sends them (key order, a pre-range group's one range), so equal ones are not rewritten. */
function storedGroup(row: StoredPricingRow): StoredPricingRow & StoredDates {
  const group = row as StoredPricingRow & StoredDates;
  return { ...group, date_ranges: storedDateRanges(group) };
}

/** Whether a row about to be written differs from the stored one in any of the columns (lists by their JSON). */
function differs<Row extends Record<string, unknown>>(next: Row, stored: Record<string, unknown>, columns: readonly (keyof Row & string)[]): boolean {
  const same = (a: unknown, b: unknown) =>
    a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
  return columns.some((column) => !same(next[column], stored[column]));
}

function checkOwnership(save: SeasonPricingSave, categories: Set<number>, prices: Set<number>) {
  const removed = new Set(save.removed_category_ids);
  for (const removedId of removed) if (!categories.has(removedId)) throw badRequest(`Group ${removedId} is not part of this season`, 'removed_category_ids');
  const seen = new Set<number>();
  save.categories.forEach((category, index) => {
    if (!category.id) return;
    if (!categories.has(category.id)) throw badRequest(`Group ${category.id} is not part of this season`, `categories.${index}.id`);
    if (removed.has(category.id)) throw badRequest(`Group ${category.id} is both kept and removed`, `categories.${index}.id`);
    if (seen.has(category.id)) throw badRequest(`Group ${category.id} is sent twice`, `categories.${index}.id`);
    seen.add(category.id);
  });
  const seenPrices = new Set<number>();
  save.categories.forEach((category, index) =>
    category.prices.forEach((price, priceIndex) => {
      if (!price.id) return;
      const path = `categories.${index}.prices.${priceIndex}.id`;
      if (!prices.has(price.id)) throw badRequest(`Price ${price.id} is not part of this season`, path);
      if (seenPrices.has(price.id)) throw badRequest(`Price ${price.id} is sent twice`, path);
      seenPrices.add(price.id);
    }),
  );
}

async function upsertCategory(
  trx: Kysely<Database>,
  tourSeasonId: number,
  category: PricingCategoryInput,
  dates: GroupDates,
  position: number,
  stored: Record<string, unknown> | undefined,
): Promise<number> {
  const values = {
    start: dates.start,
    end: dates.end,
    date_ranges: dates.date_ranges,
    nights: category.nights,
    guided: category.guided,
    boat_id: category.boat_id,
    tour_route_id: category.tour_route_id,
    specific_dates: category.specific_dates,
    restricted_dates: category.restricted_dates,
    restricted_days: category.restricted_days,
    position,
  };
  const stringified = {
    ...values,
    date_ranges: JSON.stringify(values.date_ranges),
    specific_dates: JSON.stringify(values.specific_dates),
    restricted_dates: JSON.stringify(values.restricted_dates),
    restricted_days: JSON.stringify(values.restricted_days),
  };
  if (category.id) {
    if (stored && !differs(values, stored, CATEGORY_COLUMNS)) return category.id;
    await updatePricingCategory(trx, category.id, stringified);
    return category.id;
  }
  return insertPricingCategory(trx, tourSeasonId, stringified);
}
