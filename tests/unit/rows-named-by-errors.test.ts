import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../src/grid/price-row';
import { rowsNamedByErrors } from '../../src/grid/rows-named-by-errors';

type BikeRow = PriceRow & { bike_id: number };

const bike = (key: string, id: number | undefined, bikeId: number): BikeRow => ({
  key,
  id,
  bike_id: bikeId,
  formula: null,
  gross: 0,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: null,
});
const rows = [bike('a', 50, 1), bike('b', 51, 3), bike('c', undefined, 2), bike('d', 52, 3)];
const locators = {
  rowOfPath: (path: string) => {
    const at = /^bikes\.(\d+)/.exec(path);
    return at ? Number(at[1]) : undefined;
  },
  storedId: /Bike row (\d+)/,
};

describe('rowsNamedByErrors', () => {
  it('marks every row holding the id a database-key message names', () => {
    const named = rowsNamedByErrors([{ msg: 'bike_id 3 does not exist in bikes.', path: 'bike_id' }], rows, locators);
    expect([...named]).toEqual([
      ['b', 'bike_id 3 does not exist in bikes.'],
      ['d', 'bike_id 3 does not exist in bikes.'],
    ]);
  });

  it('marks the row a field path names, the row a "Row n" message names and the stored row an id names', () => {
    const named = rowsNamedByErrors(
      [
        { msg: 'Enter a number', path: 'bikes.2.gross' },
        { msg: 'Row 0 (bike row 50): Circular reference', path: 'nowhere' },
        { msg: 'Bike row 52 is not part of this season', path: 'removed' },
      ],
      rows,
      locators,
    );
    expect([...named.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(named.get('c')).toBe('Enter a number');
  });

  it.each([
    ['Key (id)=(51) is still referenced from table "booking_party".', ['b']],
    ['Key (bike_id)=(3) is not present in table "bikes".', ['b', 'd']],
    ['Key (id, bike_id)=(52, 3) already exists.', ['d']],
    ['Key (id)=(999) is still referenced from table "booking_party".', []],
  ])('marks the rows a PostgreSQL key message names: %s', (msg, keys) => {
    expect([...rowsNamedByErrors([{ msg }], rows, locators).keys()]).toEqual(keys);
  });

  it('marks nothing for a message that names no row, or a row past the end', () => {
    const named = rowsNamedByErrors([{ msg: 'This season was changed by someone else', path: 'version' }, { msg: 'Row 9: Syntax error' }], rows, locators);
    expect(named.size).toBe(0);
  });
});
