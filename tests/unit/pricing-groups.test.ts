import { describe, expect, it } from 'vitest';
import { addUniqueDate, formatDayMonthYear, parseDayMonthYear } from '../../src/screens/tour-season/date-text';
import {
  copyRows,
  dragInGroups,
  emptyGroup,
  followingDates,
  groupKeysOfRows,
  groupOfRow,
  growGroup,
  moveInGroups,
  newGroupStart,
  newPriceRow,
  nextDateRange,
  regroupedRowKeys,
  rowsNamedByErrors,
  saveBody,
  seasonYear,
  shrinkGroups,
  withDateRanges,
  type PricingRow,
} from '../../src/screens/pricing/price-groups';

const row = (key: string, fields: Partial<PricingRow> = {}): PricingRow => ({
  key,
  room_type_id: null,
  accommodation_category_id: null,
  deck_id: null,
  formula: null,
  gross: 0,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: null,
  ...fields,
});

describe('dates typed as dd/mm/yyyy', () => {
  it('reads a real date and ignores anything else', () => {
    expect(parseDayMonthYear('01/05/2026')).toBe('2026-05-01');
    expect(parseDayMonthYear('1/5/2026')).toBe('2026-05-01');
    expect(parseDayMonthYear('2026-05-01')).toBeNull();
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(formatDayMonthYear('2026-05-01')).toBe('01/05/2026');
  });

  it('rejects a date already in a multi-select', () => {
    expect(addUniqueDate(['2026-05-01'], '2026-05-01').rejected).toBe(true);
    expect(addUniqueDate(['2026-05-03'], '2026-05-01')).toEqual({ dates: ['2026-05-01', '2026-05-03'], rejected: false });
  });
});

describe('new groups', () => {
  it('start on 1 May of the season year when there is no group yet', () => {
    expect(newGroupStart([], seasonYear('Season 2027'))).toBe('2027-05-01');
  });

  it('start the day after the last group ends', () => {
    expect(newGroupStart([{ ...emptyGroup('2026-05-01'), end: '2026-06-30' }, emptyGroup('2026-07-01')], 2026)).toBe('2026-07-01');
  });

  it('copied with new dates follow on with the same length', () => {
    expect(followingDates({ start: '2026-05-01', end: '2026-05-10', date_ranges: [{ start: '2026-05-01', end: '2026-05-10' }] }, 2)).toEqual({
      start: '2026-05-21',
      end: '2026-05-30',
      date_ranges: [{ start: '2026-05-21', end: '2026-05-30' }],
    });
  });

  it('copied with several ranges move every range on by the group’s span (first start to last end)', () => {
    const group = withDateRanges([
      { start: '2026-05-01', end: '2026-05-10' },
      { start: '2026-05-21', end: '2026-05-31' },
    ]);
    expect(followingDates(group, 1).date_ranges).toEqual([
      { start: '2026-06-01', end: '2026-06-10' },
      { start: '2026-06-21', end: '2026-07-01' },
    ]);
  });
});

describe('Add new dates (issue 18)', () => {
  const dated = (ranges: { start: string; end: string }[]) => ({ ...emptyGroup(ranges[0].start), ...withDateRanges(ranges) });

  it('adds a range after the season’s last end, not the group’s own, as long as the group’s last range', () => {
    const first = dated([{ start: '2026-05-01', end: '2026-05-07' }]);
    const second = dated([{ start: '2026-05-08', end: '2026-06-30' }]);
    expect(nextDateRange([first, second], first, 2026)).toEqual({ start: '2026-07-01', end: '2026-07-07' });
  });

  it('counts every range of every group, whatever the group order', () => {
    const late = dated([
      { start: '2026-05-01', end: '2026-05-07' },
      { start: '2026-09-01', end: '2026-09-30' },
    ]);
    const early = dated([{ start: '2026-06-01', end: '2026-06-14' }]);
    expect(nextDateRange([late, early], early, 2026)).toEqual({ start: '2026-10-01', end: '2026-10-14' });
  });

  it('starts on 1 May of the season year, open-ended, for an undated group in an undated season', () => {
    expect(
      nextDateRange([{ ...emptyGroup('2026-05-01'), start: null, date_ranges: [] }], { ...emptyGroup('2026-05-01'), start: null, date_ranges: [] }, 2027),
    ).toEqual({ start: '2027-05-01', end: null });
  });
});

describe('Add Price', () => {
  const MODEL_RATES = [{ id: 21 }, { id: 22 }];

  it('takes the commission of the row above, else the first rate of the season model, never none', () => {
    expect(newPriceRow(undefined, MODEL_RATES).markup_rate_id).toBe(21);
    expect(newPriceRow(row('a', { markup_rate_id: 22 }), MODEL_RATES).markup_rate_id).toBe(22);
    expect(newPriceRow(undefined, []).markup_rate_id).toBeNull();
  });

  it('starts at room type 1 and counts up to 5', () => {
    expect(newPriceRow(undefined, MODEL_RATES).room_type_id).toBe(1);
    expect(newPriceRow(row('a', { room_type_id: 3 }), MODEL_RATES).room_type_id).toBe(4);
    expect(newPriceRow(row('a', { room_type_id: 5 }), MODEL_RATES).room_type_id).toBe(5);
  });

  it('copies the prices only when the new room type is 2', () => {
    const previous = row('a', { room_type_id: 1, gross: 675, non_com: 10, adjustment: 5, formula: '[0]+1' });
    expect(newPriceRow(previous, MODEL_RATES)).toMatchObject({ room_type_id: 2, gross: 675, non_com: 10, adjustment: 5, formula: '[0]+1' });
    expect(newPriceRow({ ...previous, room_type_id: 2 }, MODEL_RATES)).toMatchObject({ room_type_id: 3, gross: 0, formula: null });
  });
});

describe('duplicated groups', () => {
  it('point references inside the group at the copies and leave others', () => {
    const copies = copyRows([row('a', { gross: 100 }), row('b', { formula: '[2]+[0]' })], 2, 4);
    expect(copies[1].formula).toBe('[4]+[0]');
    expect(copies.map((copy) => copy.id)).toEqual([undefined, undefined]);
  });
});

describe('the season save', () => {
  it('sends every group with its slice of rows, new rows without id, decks only with a boat', () => {
    const groups = [
      { ...emptyGroup('2026-05-01'), id: 7, size: 1 },
      { ...emptyGroup('2026-06-01'), size: 1 },
    ];
    const rows = [row('a', { id: 3, deck_id: 4, gross: 100 }), row('b', { deck_id: 4, gross: 200 })];
    const body = saveBody(2, groups, rows, (i) => ({ formula: null, gross: rows[i].gross ?? 0, non_com: 0, adjustment: 0, markup_rate_id: null }), [9]);
    expect(body.removed_category_ids).toEqual([9]);
    expect(body.categories[0]).toMatchObject({ id: 7, prices: [{ id: 3, gross: 100, deck_id: null }] });
    expect(body.categories[1].prices[0]).not.toHaveProperty('id');
  });

  it('finds the rows a failed save names by path, by row number and by a database key', () => {
    const groups = [
      { ...emptyGroup('2026-05-01'), size: 2 },
      { ...emptyGroup('2026-06-01'), size: 2 },
    ];
    const rows = [row('a'), row('b', { room_type_id: 99 }), row('c'), row('d')];
    const named = rowsNamedByErrors(
      [
        { msg: 'Row 3 (group 2, price 2): Circular reference', path: 'categories.1.prices.1.gross' },
        { msg: 'Row 2: Syntax error in formula' },
        { msg: 'room_type_id 99 does not exist in room types.', path: 'room_type_id' },
      ],
      groups,
      rows,
    );
    expect([...named.keys()].sort()).toEqual(['b', 'c', 'd']);
  });
});

describe('row operations over groups', () => {
  const sized = (...sizes: number[]) => sizes.map((size) => ({ ...emptyGroup('2026-05-01'), size }));
  const sizes = (groups: readonly { size: number }[]) => groups.map((group) => group.size);

  it('finds the group of a row', () => {
    const groups = sized(2, 0, 3);
    expect([0, 1, 2, 4].map((index) => groupOfRow(groups, index))).toEqual([0, 0, 2, 2]);
  });

  it('grows the group a row is inserted into and shrinks each group by the rows deleted from it', () => {
    expect(sizes(growGroup(sized(2, 3), 1, 1))).toEqual([2, 4]);
    expect(sizes(shrinkGroups(sized(2, 3, 1), [1, 2, 3, 5]))).toEqual([1, 1, 0]);
  });

  it('moves rows inside their group by swapping with the neighbour row', () => {
    expect(moveInGroups(sized(3, 2), 1, 2, -1)).toEqual({ kind: 'rows', from: 1, count: 2, to: 0 });
    expect(moveInGroups(sized(3, 2), 0, 1, 1)).toEqual({ kind: 'rows', from: 0, count: 2, to: 1 });
  });

  it('moves rows at the edge of their group across the header into the next group, rows staying in place', () => {
    const down = moveInGroups(sized(3, 2), 2, 2, 1);
    expect(down?.kind === 'groups' && sizes(down.groups)).toEqual([2, 3]);
    const up = moveInGroups(sized(3, 2), 3, 4, -1);
    expect(up?.kind === 'groups' && sizes(up.groups)).toEqual([5, 0]);
  });

  it('moves a dragged row into the group of the row it is dropped on', () => {
    expect(sizes(dragInGroups(sized(3, 2), 0, 3))).toEqual([2, 3]);
    expect(sizes(dragInGroups(sized(3, 2), 4, 1))).toEqual([4, 1]);
    expect(sizes(dragInGroups(sized(3, 2), 0, 2))).toEqual([3, 2]);
  });

  it('names the stored rows that moved into another group since they were loaded', () => {
    const groups = sized(2, 1);
    const rows = [row('a', { id: 1 }), row('b', { id: 2 }), row('c', { id: 3 })];
    const loaded = groupKeysOfRows(groups, rows);
    expect(regroupedRowKeys(groups, rows, loaded)).toEqual([]);
    const moved = [
      { ...groups[0], size: 1 },
      { ...groups[1], size: 2 },
    ];
    expect(regroupedRowKeys(moved, rows, loaded)).toEqual(['b']);
    expect(regroupedRowKeys(moved, [...rows, row('new')], loaded)).toEqual(['b']);
  });

  it('refuses rows spanning two groups and a move past the first or last row', () => {
    expect(moveInGroups(sized(3, 2), 2, 3, 1)).toBeNull();
    expect(moveInGroups(sized(3, 2), 0, 0, -1)).toBeNull();
    expect(moveInGroups(sized(3, 2), 4, 4, 1)).toBeNull();
  });
});
