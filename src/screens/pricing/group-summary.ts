import type { NamedOption } from '../../api/pricing-queries';
import { formatDayMonthYear } from '../tour-season/date-text';
import type { DateRange } from '../../domain/pricing/date-ranges';
import type { PriceGroup } from './price-groups';

/** Weekday names by JavaScript's day number (0 is Sunday), as restricted days store them. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A group's date ranges as staff read them ('01/05/2026 – 31/05/2026, 01/07/2026 – 14/07/2026'), or 'No dates'. */
export function dateRangesText(ranges: readonly DateRange[]): string {
  if (ranges.length === 0) return 'No dates';
  return ranges.map((range) => `${formatDayMonthYear(range.start) || '…'} – ${formatDayMonthYear(range.end) || '…'}`).join(', ');
}

/**
 * A group's fields in one line (dates, nights, guidance, boat, route, restricted days and dates,
 * specific dates, prices): the folded form of its fields, on the group's row of the grid.
 */
export function groupSummary(group: PriceGroup, boats: readonly NamedOption[], routes: readonly NamedOption[]): string {
  const facts = [
    dateRangesText(group.date_ranges),
    group.nights ? count(group.nights, 'night') : null,
    group.guided === null ? null : group.guided ? 'Guided' : 'Self-Guided',
    boats.find((boat) => boat.id === group.boat_id)?.name ?? null,
    routes.find((route) => route.id === group.tour_route_id)?.name ?? null,
    group.restricted_days.length ? `restricted ${group.restricted_days.map((day) => WEEKDAYS[day]).join(', ')}` : null,
    group.restricted_dates.length ? count(group.restricted_dates.length, 'restricted date') : null,
    group.specific_dates.length ? count(group.specific_dates.length, 'specific date') : null,
    count(group.size, 'price'),
  ];
  return facts.filter(Boolean).join(' · ');
}
