// Copy From moves a season's dates into another season's year (DESIGN.md section 5 keeps dates as
// 'YYYY-MM-DD' text): the same day and month, so a copied group keeps its place in the calendar.

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The ISO date `years` whole years later (earlier when negative): the same month and day, except
 * that 29 February becomes 28 February in a year without one.
 */
export function shiftDateByYears(date: string, years: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not an ISO date: ${date}`);
  const year = Number(match[1]) + years;
  const day = match[2] === '02' && match[3] === '29' && !isLeapYear(year) ? '28' : match[3];
  return `${String(year).padStart(4, '0')}-${match[2]}-${day}`;
}
