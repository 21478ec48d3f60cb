import { describe, expect, it } from 'vitest';
import { partyMemberSaveSchema } from '../../src/domain/bookings/booking-save-schema.js';
import { pricingCategorySchema } from '../../src/domain/pricing/tour-pricing.js';
import { id, pathId, POSTGRES_INTEGER_MAX } from '../../src/domain/record-id.js';
import { isoDate } from '../../src/domain/iso-date.js';
import { formatMoney, formatPounds } from '../../src/domain/format-money.js';

// Issue 20 item 9: one calendar-checked date and one id rule, the same in every schema.
describe('the domain primitives every schema shares', () => {
  it('refuses a date the calendar does not have, in bookings as in pricing', () => {
    expect(isoDate.safeParse('2026-02-30').success).toBe(false);
    expect(isoDate.safeParse('2028-02-29').success).toBe(true);
    const dateOfBirthError = (date: string) => partyMemberSaveSchema.shape.date_of_birth.safeParse(date).error?.issues[0].message;
    expect(dateOfBirthError('2026-02-30')).toBe('Date of birth: 30/2/2026 is not a day of the calendar');
    expect(dateOfBirthError('1990-02-28')).toBeUndefined();
    expect(pricingCategorySchema.shape.start.safeParse('2026-02-30').error?.issues[0].message).toBe('Not a real date');
  });

  it('caps every id at PostgreSQL integer maximum, in a body and in a path', () => {
    expect(id.safeParse(POSTGRES_INTEGER_MAX).success).toBe(true);
    expect(id.safeParse(POSTGRES_INTEGER_MAX + 1).success).toBe(false);
    expect(pathId.safeParse(String(POSTGRES_INTEGER_MAX + 1)).error?.issues[0].message).toBe('No record has so large an id');
  });
});

describe('the one money formatter', () => {
  it('shows pounds with a sign, separators and two decimals, and never -£0.00', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(-5)).toBe('-£5.00');
    expect(formatMoney(-0.004)).toBe('£0.00');
    expect(formatMoney(12, '€')).toBe('€12.00');
    expect(formatMoney(null)).toBe('');
    expect(formatPounds(null)).toBe('—');
    expect(formatPounds(-0.001)).toBe('£0.00');
  });
});
