import { z } from 'zod';

/** True when a YYYY-MM-DD names a day of the calendar (Date.parse would roll 2026-02-30 into March). */
export const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** A day as 'YYYY-MM-DD', the one date format of the API; 2026-02-30 is refused, not rolled over. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'Not a real date');
