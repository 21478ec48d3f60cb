// Dates as staff read them: '4 Mar 2025', one formatter each, made once.

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
/** A calendar day ('2025-03-04') is the same day everywhere: formatted in UTC, never shifted by the reader's zone. */
const calendarDay = new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone: 'UTC' });
/** A moment (a timestamp) falls on the reader's own day. */
const momentDay = new Intl.DateTimeFormat('en-GB', DAY);
const moment = new Intl.DateTimeFormat('en-GB', { ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * '2025-03-04' as '4 Mar 2025' wherever the reader is; a timestamp as the day it falls on for
 * them; `blank` (a dash) for none, and text that is no date as it is.
 */
export function formatDate(value: string | null | undefined, blank = '—'): string {
  if (!value) return blank;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (day ? calendarDay : momentDay).format(date);
}

/** A timestamp with its time, as the reader's clock shows it; a dash for none. */
export const formatDateTime = (timestamp: string | null | undefined): string => (timestamp ? moment.format(new Date(timestamp)) : '—');
