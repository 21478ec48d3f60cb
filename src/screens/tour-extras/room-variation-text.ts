import { WEEKDAYS } from '../../domain/tours/tour-options';
import { formatDayMonthYear } from '../tour-season/date-text';
import type { RoomRow } from './room-variation-panel';

/** The dates a variation applies to, as the grid shows them: '28/03 – 31/10/2026' within one year. */
export function variationDates(row: Pick<RoomRow, 'start' | 'end'>): string {
  if (!row.start && !row.end) return 'Any date';
  const sameYear = row.start && row.end && row.start.slice(0, 4) === row.end.slice(0, 4);
  const start = sameYear ? formatDayMonthYear(row.start).slice(0, 5) : formatDayMonthYear(row.start) || '…';
  return `${start} – ${formatDayMonthYear(row.end) || '…'}`;
}

/** A variation's dates and restrictions in a few words: '28/03 – 31/10/2026 · Not Sat, Sun · 2 restricted'. */
export function variationSummary(row: Pick<RoomRow, 'start' | 'end' | 'restricted_days' | 'restricted_dates' | 'specific_dates'>): string {
  return [variationDates(row), variationRestrictions(row)].filter(Boolean).join(' · ');
}

/** A variation's restrictions in a few words: 'Not Sat, Sun · 2 restricted · 1 specific'. */
export function variationRestrictions(row: Pick<RoomRow, 'restricted_days' | 'restricted_dates' | 'specific_dates'>): string {
  return [
    row.restricted_days.length ? `Not ${row.restricted_days.map((day) => WEEKDAYS[day].slice(0, 3)).join(', ')}` : null,
    row.restricted_dates.length ? `${row.restricted_dates.length} restricted` : null,
    row.specific_dates.length ? `${row.specific_dates.length} specific` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
