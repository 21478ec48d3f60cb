import { describe, expect, it } from 'vitest';
import { emptyGroup, withDateRanges } from '../../src/screens/pricing/price-groups.js';
import { groupSummary } from '../../src/screens/pricing/group-summary.js';

const boats = [{ id: 9, name: 'MS Princess' }];
const routes = [{ id: 5, name: 'Riverside' }];

describe('the one-line summary of a price group', () => {
  it('names every field that is set: dates, nights, guidance, boat, route, restricted days and dates, specific dates, prices', () => {
    const group = {
      ...emptyGroup('2026-05-01'),
      ...withDateRanges([{ start: '2026-05-01', end: '2026-05-31' }]),
      nights: 7,
      guided: false,
      boat_id: 9,
      tour_route_id: 5,
      restricted_days: [0, 6],
      restricted_dates: ['2026-05-20'],
      specific_dates: ['2026-05-03', '2026-05-10'],
      size: 3,
    };
    expect(groupSummary(group, boats, routes)).toBe(
      '01/05/2026 – 31/05/2026 · 7 nights · Self-Guided · MS Princess · Riverside · restricted Sun, Sat · 1 restricted date · 2 specific dates · 3 prices',
    );
  });

  it('says a group without dates has none and leaves out what is not set', () => {
    const group = { ...emptyGroup('2026-05-01'), ...withDateRanges([]), nights: 1, guided: true, restricted_days: [], size: 1 };
    expect(groupSummary(group, boats, routes)).toBe('No dates · 1 night · Guided · 1 price');
  });

  it('lists every date range of the group, in its order, an unfinished one with … (issue 18)', () => {
    const group = {
      ...emptyGroup('2026-05-01'),
      ...withDateRanges([
        { start: '2026-05-01', end: '2026-05-31' },
        { start: '2026-07-01', end: null },
      ]),
      size: 2,
    };
    expect(groupSummary(group, boats, routes)).toBe('01/05/2026 – 31/05/2026, 01/07/2026 – … · 2 prices');
  });
});
