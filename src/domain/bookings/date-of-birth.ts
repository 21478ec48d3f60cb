/** SPEC.md section 9: the year list runs from the current year back 110 years. */
export const DATE_OF_BIRTH_YEARS_BACK = 110;

export type DateParts = { day: string; month: string; year: string };

export const dateOfBirthYears = (today: Date = new Date()): number[] => {
  const current = today.getFullYear();
  return Array.from({ length: DATE_OF_BIRTH_YEARS_BACK + 1 }, (_, index) => current - index);
};

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** SPEC.md section 5: empty unless day, month and year are all chosen; never an impossible date. */
export function joinDateOfBirth({ day, month, year }: DateParts): string {
  if (!day || !month || !year) return '';
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return '';
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function splitDateOfBirth(value: string | null | undefined): DateParts {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) } : { day: '', month: '', year: '' };
}
