// A day read back from a sheet cell: Excel's day serial, dd/mm/yyyy or ISO text, calendar-checked.

import { describe, expect, it } from 'vitest';
import { sheetDay } from '../../src/formulas/sheet-day';

describe('a day read from a sheet cell', () => {
  it('reads a day serial, dd/mm/yyyy and ISO text, and an empty cell as none', () => {
    expect([46237, 45351, '03/08/2026', '3/8/2026', ' 2026-08-03 ', { formula: 'DATE(2026,8,3)', result: 46237 }, null, ''].map(sheetDay)).toEqual([
      '2026-08-03',
      '2024-02-29',
      '2026-08-03',
      '2026-08-03',
      '2026-08-03',
      '2026-08-03',
      null,
      null,
    ]);
  });

  it('refuses what is not a day of the calendar', () => {
    expect(['31/02/2026', '2026-02-30', '29/02/2025', '08/03/26', 'soon', 46237.5, 0, -3, true, { error: '#VALUE!' }].map(sheetDay)).toEqual(
      Array(10).fill(undefined),
    );
  });
});
