import type { DateRange } from './date-ranges.js';
import { shiftDateByYears } from './shift-date-by-years.js';

/** The dated fields of a price group (with its date ranges) or an extra night's variation. */
export type DatedFields = {
  start: string | null;
  end: string | null;
  date_ranges: readonly DateRange[];
  specific_dates: readonly string[];
  restricted_dates: readonly string[];
};

const shiftDate = (date: string | null, years: number) => (date === null ? null : shiftDateByYears(date, years));
const shiftList = (dates: readonly string[], years: number) => [...new Set(dates.map((date) => shiftDateByYears(date, years)))];

/**
 * A copied group or variation with every date it holds moved by whole years (Copy From into a
 * later or earlier season); fields it lacks stay absent. 29 February and 28 February of a leap
 * year both land on 28 February, so a moved date list drops the duplicate.
 */
export function shiftDatedFields<Item extends object>(item: Item & Partial<DatedFields>, years: number): Item {
  if (years === 0) return item;
  return {
    ...item,
    ...(typeof item.start === 'string' ? { start: shiftDateByYears(item.start, years) } : {}),
    ...(typeof item.end === 'string' ? { end: shiftDateByYears(item.end, years) } : {}),
    ...(Array.isArray(item.date_ranges)
      ? { date_ranges: item.date_ranges.map((range) => ({ start: shiftDate(range.start, years), end: shiftDate(range.end, years) })) }
      : {}),
    ...(Array.isArray(item.specific_dates) ? { specific_dates: shiftList(item.specific_dates, years) } : {}),
    ...(Array.isArray(item.restricted_dates) ? { restricted_dates: shiftList(item.restricted_dates, years) } : {}),
  };
}
