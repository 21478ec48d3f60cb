/**
 * Dates typed as dd/mm/yyyy (SPEC.md section 5); anything else is ignored (null). Returns the
 * ISO date the API stores, or null for text that is not a real date.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** An ISO date as staff read it: dd/mm/yyyy. */
export function formatDayMonthYear(iso: string | null | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds a date to a multi-select list; a date already there is rejected (SPEC.md section 5). */
export function addUniqueDate(dates: readonly string[], iso: string): { dates: string[]; rejected: boolean } {
  if (dates.includes(iso)) return { dates: [...dates], rejected: true };
  return { dates: [...dates, iso].sort(), rejected: false };
}
