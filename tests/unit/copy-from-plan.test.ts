import { describe, expect, it } from 'vitest';
import { seasonYearsApart, yearOfSeasonName } from '../../src/domain/pricing/season-years-apart';
import { shiftDateByYears } from '../../src/domain/pricing/shift-date-by-years';
import { shiftDatedFields } from '../../src/domain/pricing/shift-dated-fields';
import { LISTED_RANGES, planSeasonCopy, type SeasonCopyInput } from '../../src/domain/tours/plan-season-copy';

describe('shiftDateByYears', () => {
  it('keeps the day and month', () => {
    expect(shiftDateByYears('2026-05-01', 2)).toBe('2028-05-01');
    expect(shiftDateByYears('2026-12-31', 1)).toBe('2027-12-31');
  });

  it('makes 29 February 28 February in a year without one', () => {
    expect(shiftDateByYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(shiftDateByYears('2024-02-29', 76)).toBe('2100-02-28');
  });

  it('keeps 29 February in a leap year', () => {
    expect(shiftDateByYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(shiftDateByYears('2000-02-29', 400)).toBe('2400-02-29');
  });

  it('moves across several years and backwards', () => {
    expect(shiftDateByYears('2026-03-15', 5)).toBe('2031-03-15');
    expect(shiftDateByYears('2028-07-04', -2)).toBe('2026-07-04');
    expect(shiftDateByYears('2028-02-29', -1)).toBe('2027-02-28');
    expect(shiftDateByYears('2028-02-28', 0)).toBe('2028-02-28');
  });

  it('refuses text that is not an ISO date', () => {
    expect(() => shiftDateByYears('01/05/2026', 1)).toThrow('Not an ISO date: 01/05/2026');
  });
});

describe('shiftDatedFields', () => {
  it('moves the range, the specific and the restricted dates, and keeps every other field', () => {
    const group = { start: '2026-05-01', end: '2026-09-30', specific_dates: ['2026-05-09'], restricted_dates: ['2026-06-13'], restricted_days: [0], nights: 7 };
    expect(shiftDatedFields(group, 2)).toEqual({
      start: '2028-05-01',
      end: '2028-09-30',
      specific_dates: ['2028-05-09'],
      restricted_dates: ['2028-06-13'],
      restricted_days: [0],
      nights: 7,
    });
  });

  it('keeps empty dates empty and leaves out fields the item lacks', () => {
    expect(shiftDatedFields({ start: null, end: '2026-06-01', restricted_dates: [] }, 1)).toEqual({ start: null, end: '2027-06-01', restricted_dates: [] });
    expect(shiftDatedFields({ gross: 10 }, 3)).toEqual({ gross: 10 });
  });

  it('drops the duplicate when 28 and 29 February land on the same day', () => {
    expect(shiftDatedFields({ restricted_dates: ['2028-02-28', '2028-02-29', '2028-03-01'] }, 1).restricted_dates).toEqual(['2029-02-28', '2029-03-01']);
  });
});

describe('seasonYearsApart', () => {
  it('counts the years between two season names', () => {
    expect(seasonYearsApart('2026', '2028')).toBe(2);
    expect(seasonYearsApart('Summer 2028', '2027')).toBe(-1);
    expect(yearOfSeasonName('Winter 2029/30')).toBe(2029);
  });

  it('moves nothing when a name gives no year', () => {
    expect(seasonYearsApart('Current', '2028')).toBe(0);
    expect(yearOfSeasonName('Current')).toBeNull();
  });
});

const input = (fields: Partial<SeasonCopyInput>): SeasonCopyInput => ({
  mode: 'replace',
  sourceSeason: '2026',
  targetSeason: '2028',
  existing: [
    { count: 1, noun: 'group' },
    { count: 1, noun: 'price' },
  ],
  copied: [
    { count: 2, noun: 'group' },
    { count: 3, noun: 'price' },
  ],
  ranges: [
    { start: '2026-05-01', end: '2026-06-30' },
    { start: '2026-07-01', end: '2026-09-30' },
  ],
  ...fields,
});

describe('planSeasonCopy', () => {
  it('says what Replace removes and adds and how each date range moves', () => {
    expect(planSeasonCopy(input({}))).toEqual({
      years: 2,
      lines: [
        'Replace: removes the 1 group and 1 price of this season, adds 2 groups and 3 prices.',
        'Dates move 2 years ahead, from season 2026 into season 2028:',
        '2026-05-01 – 2026-06-30 becomes 2028-05-01 – 2028-06-30',
        '2026-07-01 – 2026-09-30 becomes 2028-07-01 – 2028-09-30',
      ],
    });
  });

  it('says what Append keeps, and what a copy into an empty season does', () => {
    expect(planSeasonCopy(input({ mode: 'append' })).lines[0]).toBe(
      'Append: keeps the 1 group and 1 price of this season, adds 2 groups and 3 prices after them.',
    );
    const empty = [{ count: 0, noun: 'reduction' }];
    const copied = [{ count: 2, noun: 'reduction' }];
    expect(planSeasonCopy(input({ mode: 'append', existing: empty, copied, ranges: [] })).lines).toEqual(['Append: adds 2 reductions.']);
    expect(planSeasonCopy(input({ existing: empty, copied, ranges: [] })).lines).toEqual(['Replace: this season has nothing to remove, adds 2 reductions.']);
  });

  it('moves dates back into an earlier season, 29 February to 28, and lists a shared range once', () => {
    const ranges = [
      { start: '2028-02-29', end: null },
      { start: '2028-02-29', end: null },
      { start: null, end: null },
    ];
    expect(planSeasonCopy(input({ sourceSeason: '2028', targetSeason: '2027', ranges })).lines.slice(1)).toEqual([
      'Dates move 1 year back, from season 2028 into season 2027:',
      '2028-02-29 – … becomes 2027-02-28 – …',
    ]);
  });

  it('keeps the dates when the seasons share a year or a name gives none', () => {
    expect(planSeasonCopy(input({ targetSeason: '2026' }))).toEqual({
      years: 0,
      lines: [
        'Replace: removes the 1 group and 1 price of this season, adds 2 groups and 3 prices.',
        'Dates are kept as they are (season 2026 into season 2026).',
      ],
    });
    expect(planSeasonCopy(input({ targetSeason: 'Current' })).years).toBe(0);
  });

  it('shows the dates as the screen formats them', () => {
    const formatDate = (iso: string) => iso.split('-').reverse().join('/');
    expect(planSeasonCopy(input({ formatDate })).lines[2]).toBe('01/05/2026 – 30/06/2026 becomes 01/05/2028 – 30/06/2028');
  });

  it('counts the date ranges past the listed ones', () => {
    const ranges = Array.from({ length: LISTED_RANGES + 3 }, (_, i) => ({ start: `2026-05-${String(i + 1).padStart(2, '0')}`, end: null }));
    const lines = planSeasonCopy(input({ ranges })).lines;
    expect(lines).toHaveLength(2 + LISTED_RANGES + 1);
    expect(lines.at(-1)).toBe('and 3 more date ranges, moved the same way');
  });
});
