import { afterEach, describe, expect, it, vi } from 'vitest';

// Dates must read the same wherever the reader is: a calendar day is no moment in a time zone.
describe('formatDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
    vi.resetModules();
  });

  it('shows 2025-03-04 as 4 Mar 2025 in New York too, where local time once made it 3 Mar', async () => {
    process.env.TZ = 'America/New_York';
    vi.resetModules();
    const { formatDate } = await import('../../src/domain/format-date');
    expect(formatDate('2025-03-04')).toBe('4 Mar 2025');
    expect(new Date('2025-03-04').toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })).toBe('3 Mar 2025');
  });

  it('shows a moment on the reader’s own day, a dash for none, and text that is no date as it is', async () => {
    process.env.TZ = 'Europe/London';
    vi.resetModules();
    const { formatDate } = await import('../../src/domain/format-date');
    expect(formatDate('2025-07-04T23:30:00Z')).toBe('5 Jul 2025');
    expect([formatDate(null), formatDate('', ''), formatDate('soon')]).toEqual(['—', '', 'soon']);
  });
});
