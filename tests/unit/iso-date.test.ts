import { describe, expect, it } from 'vitest';
import { isoDate } from '../../src/domain/pricing/price-fields.js';

describe('isoDate', () => {
  it('accepts days of the calendar, leap days included', () => {
    for (const day of ['2026-01-31', '2028-02-29', '2026-12-31']) expect(isoDate.safeParse(day).success).toBe(true);
  });

  it('refuses days that do not exist instead of rolling them into the next month', () => {
    for (const day of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00']) {
      const result = isoDate.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0].message).toBe('Not a real date');
    }
  });

  it('refuses other formats', () => {
    expect(isoDate.safeParse('30/05/2026').error?.issues[0].message).toBe('Use a date as YYYY-MM-DD');
  });
});
