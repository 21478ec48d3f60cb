// The pricing tab's staged groups, as pure functions. A group's prices are a consecutive slice
// of the one price grid (rows numbered across the season, as the server numbers `[n]`), so a
// group records only how many rows it holds.

import { dateSpan, storedDateRanges, type DateRange } from '../../domain/pricing/date-ranges';
import { yearOfSeasonName } from '../../domain/pricing/season-years-apart';
import type { CategoryPrice, PricingCategory, PricingCategoryInput, SeasonPricingSave } from '../../domain/pricing/tour-pricing';
import { remapFormulaReferences } from '../../formulas/formula-references';
import type { PriceRowInput } from '../../formulas/price-rows';
import { newRowKey, storedRowKey, type PriceRow } from '../../grid/price-row';
import { rowsNamedByErrors as rowsNamedByGridErrors, type ServerErrorItem } from '../../grid/rows-named-by-errors';
import { addDays } from '../tour-season/date-text';
import { newRowRateId } from '../../domain/pricing/new-row-rate';

/** A group's fields as the screen edits them; `start` and `end` follow its ranges (their span). */
export type GroupFields = Omit<PricingCategoryInput, 'id' | 'prices' | 'date_ranges'> & { date_ranges: DateRange[] };
export type PriceGroup = GroupFields & { key: string; id?: number; size: number };
export type PricingRow = PriceRow & { room_type_id: number | null; accommodation_category_id: number | null; deck_id: number | null };

export const DEFAULT_DUPLICATE_COUNT = 5;
/** Room types 1-5 in turn (SPEC.md section 9). */
const MAX_NEW_ROOM_TYPE = 5;

let lastGroupKey = 0;
export const newGroupKey = (): string => `group-new-${(lastGroupKey += 1)}`;

export function rowFromPrice(price: CategoryPrice, key = storedRowKey(price.id)): PricingRow {
  return {
    key,
    id: price.id,
    room_type_id: price.room_type_id,
    accommodation_category_id: price.accommodation_category_id,
    deck_id: price.deck_id,
    formula: price.formula,
    gross: Number(price.gross),
    non_com: Number(price.non_com),
    adjustment: Number(price.adjustment),
    markup_rate_id: price.markup_rate_id,
  };
}

/**
 * Groups and rows from the server. `previous` (the staged groups and rows before a save) lends
 * its keys to rows and groups in the same places, so the grid updates in place and keeps focus.
 */
export function stageCategories(
  categories: readonly PricingCategory[],
  previous?: { groups: readonly PriceGroup[]; rows: readonly PricingRow[] },
): { groups: PriceGroup[]; rows: PricingRow[] } {
  const lineUp =
    previous !== undefined && previous.groups.length === categories.length && previous.groups.every((group, i) => group.size === categories[i].prices.length);
  const groups = categories.map(({ prices, ...fields }, i): PriceGroup => ({
    ...fields,
    date_ranges: storedDateRanges(fields),
    key: lineUp ? previous.groups[i].key : `group-${fields.id}`,
    size: prices.length,
  }));
  const rows = categories.flatMap((category) => category.prices).map((price, i) => rowFromPrice(price, lineUp ? previous.rows[i].key : undefined));
  return { groups, rows };
}

/** Where each group's rows start in the grid. */
export function groupStarts(groups: readonly PriceGroup[]): number[] {
  let start = 0;
  return groups.map((group) => {
    const at = start;
    start += group.size;
    return at;
  });
}

/** A year named in the season ('Summer 2027'), else the current year. */
export function seasonYear(seasonName: string | undefined, today = new Date()): number {
  return yearOfSeasonName(seasonName) ?? today.getFullYear();
}

/** The latest end of the season's groups (any of their ranges): where the season's dates stop so far. */
const seasonLastEnd = (groups: readonly PriceGroup[]): string | undefined =>
  dateSpan(groups.flatMap((group) => [...group.date_ranges, { start: group.start, end: group.end }])).end ?? undefined;

/** SPEC.md section 9: 1 May of the season's year, or the day after the last group's end (the latest end of the season). */
export function newGroupStart(groups: readonly PriceGroup[], year: number): string {
  const lastEnd = seasonLastEnd(groups);
  return lastEnd ? addDays(lastEnd, 1) : `${year}-05-01`;
}

/** A group's changed ranges with its start and end following them. */
export const withDateRanges = (date_ranges: DateRange[]): Pick<GroupFields, 'date_ranges' | 'start' | 'end'> => ({ date_ranges, ...dateSpan(date_ranges) });

const daysIn = (range: DateRange) => (range.start && range.end ? Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1 : undefined);

/**
 * Add new dates (SPEC.md section 9): a range for `group` starting the day after the season's last
 * end, so it overlaps no group, as long as the group's last range (open-ended when that has no length).
 */
export function nextDateRange(groups: readonly PriceGroup[], group: PriceGroup, year: number): DateRange {
  const start = newGroupStart(groups, year);
  const length = group.date_ranges.length > 0 ? daysIn(group.date_ranges[group.date_ranges.length - 1]) : undefined;
  return { start, end: length === undefined ? null : addDays(start, length - 1) };
}

export function emptyGroup(start: string): PriceGroup {
  return {
    key: newGroupKey(),
    start,
    end: null,
    date_ranges: [{ start, end: null }],
    nights: null,
    guided: null,
    boat_id: null,
    tour_route_id: null,
    specific_dates: [],
    restricted_dates: [],
    restricted_days: [],
    size: 0,
  };
}

/**
 * SPEC.md section 9: the new row's room type is the previous row's plus one, capped at 5,
 * starting at 1; only when that gives room type 2 are the price fields copied from the row above.
 */
export function newPriceRow(previous: PricingRow | undefined, rates: readonly { id: number }[]): PricingRow {
  const roomType = previous?.room_type_id ? Math.min(previous.room_type_id + 1, MAX_NEW_ROOM_TYPE) : 1;
  const copy = roomType === 2 && previous !== undefined;
  return {
    key: newRowKey(),
    room_type_id: roomType,
    accommodation_category_id: previous?.accommodation_category_id ?? null,
    deck_id: previous?.deck_id ?? null,
    formula: copy ? previous.formula : null,
    gross: copy ? previous.gross : 0,
    non_com: copy ? previous.non_com : 0,
    adjustment: copy ? previous.adjustment : 0,
    markup_rate_id: newRowRateId(previous?.markup_rate_id, rates),
  };
}

/**
 * Copies of a group's rows to be inserted at `at`: references to rows of the group itself point
 * at the copies (DESIGN.md section 5: copied references are remapped), others stay.
 */
export function copyRows(rows: readonly PricingRow[], from: number, at: number): PricingRow[] {
  const shift = (row: number) => (row >= from && row < from + rows.length ? row - from + at : row);
  return rows.map(({ id: _id, ...row }) => ({ ...row, key: newRowKey(), formula: row.formula && remapFormulaReferences(row.formula, shift) }));
}

/**
 * The dates of the `n`th copy of a group: every range moved on by `n` times the group's span
 * (first start to last end), so the copies follow on from the group and from each other.
 */
export function followingDates(group: Pick<PriceGroup, 'start' | 'end' | 'date_ranges'>, n: number): Pick<GroupFields, 'date_ranges' | 'start' | 'end'> {
  const length = daysIn(group);
  if (length === undefined) return { date_ranges: group.date_ranges, start: group.start, end: group.end };
  const move = (date: string | null) => date && addDays(date, length * n);
  return withDateRanges(group.date_ranges.map((range) => ({ start: move(range.start), end: move(range.end) })));
}

/** The season-wide save body: every group in order with all its prices, and the queued removals. */
export function saveBody(
  version: number,
  groups: readonly PriceGroup[],
  rows: readonly PricingRow[],
  fields: (index: number) => PriceRowInput,
  removedIds: readonly number[],
): SeasonPricingSave {
  const starts = groupStarts(groups);
  return {
    version,
    removed_category_ids: [...removedIds],
    categories: groups.map(({ key: _key, size, ...group }, g) => ({
      ...group,
      nights: group.nights ?? null,
      guided: group.guided ?? null,
      prices: rows.slice(starts[g], starts[g] + size).map((row, i) => {
        const saved = fields(starts[g] + i);
        return {
          ...(row.id === undefined ? {} : { id: row.id }),
          room_type_id: row.room_type_id,
          accommodation_category_id: row.accommodation_category_id,
          deck_id: group.boat_id === null ? null : row.deck_id,
          formula: saved.formula,
          gross: saved.gross,
          non_com: saved.non_com,
          adjustment: saved.adjustment,
          markup_rate_id: saved.markup_rate_id,
        };
      }),
    })),
  };
}

/**
 * The rows a failed season save names (SPEC.md section 8), by key with the message: besides what
 * every price grid reads (rows-named-by-errors.ts), a path `categories.i.prices.j...` is row j of
 * group i, and 'Price id' names a stored price.
 */
export function rowsNamedByErrors(items: readonly ServerErrorItem[], groups: readonly PriceGroup[], rows: readonly PricingRow[]): Map<string, string> {
  const starts = groupStarts(groups);
  return rowsNamedByGridErrors(items, rows, {
    rowOfPath: (path) => {
      const located = /^categories\.(\d+)\.prices\.(\d+)/.exec(path);
      const start = located ? starts[Number(located[1])] : undefined;
      return located && start !== undefined ? start + Number(located[2]) : undefined;
    },
    storedId: /Price (\d+)/,
  });
}

/** The group holding price row `index` (the last group for the row after the end). */
export function groupOfRow(groups: readonly PriceGroup[], index: number): number {
  const starts = groupStarts(groups);
  return starts.findLastIndex((start, g) => start <= index && (index < start + groups[g].size || g === groups.length - 1));
}

/** The groups after `count` rows were inserted into group `g`. */
export function growGroup(groups: readonly PriceGroup[], g: number, count: number): PriceGroup[] {
  return groups.map((group, position) => (position === g ? { ...group, size: group.size + count } : group));
}

/** The groups after the rows at `indexes` were deleted: each group loses the rows it held. */
export function shrinkGroups(groups: readonly PriceGroup[], indexes: readonly number[]): PriceGroup[] {
  const starts = groupStarts(groups);
  const gone = new Set(indexes);
  return groups.map((group, g) => {
    let lost = 0;
    for (let index = starts[g]; index < starts[g] + group.size; index += 1) if (gone.has(index)) lost += 1;
    return lost === 0 ? group : { ...group, size: group.size - lost };
  });
}

/**
 * What moving price rows `first`..`last` by one row (`delta` -1 or 1) does, as rows cross the
 * header between groups in a spreadsheet: inside a group the rows swap places with their
 * neighbour; at the group's edge they leave it for the end (or start) of the next group, which
 * moves no row and changes only the group sizes. Null when the rows span groups or cannot go
 * further.
 */
export function moveInGroups(
  groups: readonly PriceGroup[],
  first: number,
  last: number,
  delta: -1 | 1,
): { kind: 'rows'; from: number; count: number; to: number } | { kind: 'groups'; groups: PriceGroup[] } | null {
  const g = groupOfRow(groups, first);
  if (g < 0 || groupOfRow(groups, last) !== g) return null;
  const start = groupStarts(groups)[g];
  const end = start + groups[g].size;
  const count = last - first + 1;
  if (delta < 0 ? first > start : last < end - 1) return { kind: 'rows', from: first, count, to: first + delta };
  const next = g + delta;
  if (next < 0 || next >= groups.length) return null;
  return {
    kind: 'groups',
    groups: groups.map((group, position) =>
      position === g ? { ...group, size: group.size - count } : position === next ? { ...group, size: group.size + count } : group,
    ),
  };
}

/**
 * The groups after price row `from` was dragged onto row `to` (moveRows(from, 1, to)): the row
 * takes the place of the row it was dropped on, in that row's group.
 */
export function dragInGroups(groups: readonly PriceGroup[], from: number, to: number): PriceGroup[] {
  const source = groupOfRow(groups, from);
  const target = groupOfRow(groups, to);
  if (source === target) return [...groups];
  return groups.map((group, g) => (g === source ? { ...group, size: group.size - 1 } : g === target ? { ...group, size: group.size + 1 } : group));
}

/** Each row's group, by key: what the rows were loaded with, to tell which rows changed group. */
export function groupKeysOfRows(groups: readonly PriceGroup[], rows: readonly PricingRow[]): Map<string, string> {
  const starts = groupStarts(groups);
  return new Map(groups.flatMap((group, g) => rows.slice(starts[g], starts[g] + group.size).map((row) => [row.key, group.key] as const)));
}

/** Stored rows now in another group than they were loaded in: a save writes them to their new group. */
export function regroupedRowKeys(groups: readonly PriceGroup[], rows: readonly PricingRow[], loaded: ReadonlyMap<string, string>): string[] {
  return [...groupKeysOfRows(groups, rows)].flatMap(([rowKey, groupKey]) => (loaded.has(rowKey) && loaded.get(rowKey) !== groupKey ? [rowKey] : []));
}
