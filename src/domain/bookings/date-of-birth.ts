import { z } from 'zod';
import { isCalendarDate } from '../iso-date.js';

/** SPEC.md section 9: the year list runs from the current year back 110 years. */
export const DATE_OF_BIRTH_YEARS_BACK = 110;

export type DateParts = { day: string; month: string; year: string };

export const dateOfBirthYears = (today: Date = new Date()): number[] => {
  const current = today.getFullYear();
  return Array.from({ length: DATE_OF_BIRTH_YEARS_BACK + 1 }, (_, index) => current - index);
};

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const DATE_OF_BIRTH_INCOMPLETE = 'Date of birth: choose the day, the month and the year, or none of them';
const DATE_OF_BIRTH_FORMAT = 'Date of birth: use a date as YYYY-MM-DD';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The picker's choice as text: year-month-day, each part blank until chosen ('1985-7-').
const CHOICE = /^(\d*)-(\d*)-(\d*)$/;

/**
 * The picker's value (SPEC.md section 5): YYYY-MM-DD once day, month and year are chosen and make
 * a real date, '' when none is chosen, and otherwise the choice as it stands ('1985-7-'), which
 * `dateOfBirthProblem` refuses: a partial date is never saved as no date (issue 28).
 */
export function joinDateOfBirth({ day, month, year }: DateParts): string {
  if (!day && !month && !year) return '';
  if (day && month && year) {
    const iso = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    if (isCalendarDate(iso)) return iso;
  }
  return `${year}-${month}-${day}`;
}

export function splitDateOfBirth(value: string | null | undefined): DateParts {
  const match = value ? CHOICE.exec(value) : null;
  const part = (text: string | undefined) => (text ? String(Number(text)) : '');
  return match ? { year: part(match[1]), month: part(match[2]), day: part(match[3]) } : { day: '', month: '', year: '' };
}

/** Why a date of birth cannot be saved, naming the field, or null for a whole date or none (''). */
export function dateOfBirthProblem(value: string): string | null {
  if (value === '' || (ISO_DATE.test(value) && isCalendarDate(value))) return null;
  if (!CHOICE.test(value)) return DATE_OF_BIRTH_FORMAT;
  const { day, month, year } = splitDateOfBirth(value);
  if (!day || !month || !year) return DATE_OF_BIRTH_INCOMPLETE;
  return `Date of birth: ${day}/${month}/${year} is not a day of the calendar`;
}

const problemOf = (input: unknown) => (typeof input === 'string' ? (dateOfBirthProblem(input) ?? DATE_OF_BIRTH_FORMAT) : DATE_OF_BIRTH_FORMAT);

/**
 * A date of birth as the API takes it: a whole YYYY-MM-DD day (or null, where the field allows
 * none). The messages name the field and say what is missing; '' is not none but a choice not made.
 */
export const dateOfBirthSchema = z
  .string()
  .regex(ISO_DATE, { error: (issue) => (issue.input === '' ? DATE_OF_BIRTH_INCOMPLETE : problemOf(issue.input)), abort: true })
  .refine(isCalendarDate, { error: (issue) => problemOf(issue.input) });
