// Seasons are named by their year ('2026', 'Summer 2027'): Copy From moves dates by the years
// between the two names.

/** The year a season's name gives, or null when it names none. */
export function yearOfSeasonName(name: string | undefined): number | null {
  const match = /\b(20\d{2}|19\d{2})\b/.exec(name ?? '');
  return match ? Number(match[1]) : null;
}

/** Whole years from the source season to the target season; 0 when either names no year. */
export function seasonYearsApart(sourceName: string, targetName: string): number {
  const from = yearOfSeasonName(sourceName);
  const to = yearOfSeasonName(targetName);
  return from === null || to === null ? 0 : to - from;
}
