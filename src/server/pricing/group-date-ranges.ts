import { dateSpan, overlappingRanges, sortedDateRanges, storedDateRanges, type DateRange } from '../../domain/pricing/date-ranges.js';
import type { PricingCategoryInput } from '../../domain/pricing/tour-pricing.js';
import { badRequest } from '../http-errors.js';

/** What a group is saved with: its ranges in date order and their span as its start and end. */
export type GroupDates = { date_ranges: DateRange[]; start: string | null; end: string | null };

type StoredDates = { date_ranges?: DateRange[] | null; start: string | null; end: string | null };

const rangeText = (range: DateRange) => `${range.start} to ${range.end}`;

/**
 * The dates each sent group is saved with, or a 400 naming the group (its number on screen) when
 * it has no range, a range lacks a day, ends before it starts, or overlaps another of the group's
 * ranges, or when start and end are sent beside the ranges but are not their span. A body without
 * `date_ranges` has the one range `start`-`end`. A stored group that never
 * had both dates (written before ranges, e.g. by the legacy import) may stay undated, so an
 * unrelated save of its season still goes through; once dated it cannot lose its last range.
 */
export function groupDatesOf(categories: readonly PricingCategoryInput[], stored: ReadonlyMap<number, StoredDates>): GroupDates[] {
  return categories.map((category, index) => {
    const group = `Group ${index + 1}`;
    const path = `categories.${index}.date_ranges`;
    const sent = category.date_ranges ?? (category.start !== null || category.end !== null ? [{ start: category.start, end: category.end }] : []);
    if (sent.length === 0) {
      const before = category.id === undefined ? undefined : stored.get(category.id);
      if (before && storedDateRanges(before).length === 0) return { date_ranges: [], start: category.start, end: category.end };
      throw badRequest(`${group} has no dates: give it at least one date range`, path);
    }
    sent.forEach((range, r) => {
      const which = `${group}: date range ${r + 1}`;
      if (range.start === null) throw badRequest(`${which} has no start date`, `${path}.${r}.start`);
      if (range.end === null) throw badRequest(`${which} has no end date`, `${path}.${r}.end`);
      if (range.end < range.start) throw badRequest(`${which} ends (${range.end}) before it starts (${range.start})`, `${path}.${r}.end`);
    });
    const overlap = overlappingRanges(sent);
    if (overlap) throw badRequest(`${group}: date ranges ${rangeText(sent[overlap[0]])} and ${rangeText(sent[overlap[1]])} overlap`, `${path}.${overlap[1]}`);
    const date_ranges = sortedDateRanges(sent);
    const span = dateSpan(date_ranges);
    // start and end sent beside the ranges must be their span: a client that changed only them would otherwise be ignored.
    const sentSpan = { start: category.start, end: category.end };
    if (category.date_ranges && (sentSpan.start !== null || sentSpan.end !== null) && (sentSpan.start !== span.start || sentSpan.end !== span.end)) {
      throw badRequest(
        `${group}: start and end (${rangeText(sentSpan)}) are not the span of its date ` +
          `ranges (${rangeText(span)}): change the date ranges, or leave start and end out`,
        `categories.${index}.start`,
      );
    }
    return { date_ranges, ...span };
  });
}
