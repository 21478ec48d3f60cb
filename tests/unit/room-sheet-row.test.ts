// An extra night variation a sheet adds takes the sheet's Start and End (issue 21), not the dates
// of the variation above it, which is what a new row of the grid starts from.

import { describe, expect, it } from 'vitest';
import { stageImportedRows } from '../../src/grid/commands/stage-imported-sheet';
import type { ImportPreview } from '../../src/formulas/price-sheet-import';
import { roomRowFromSheet } from '../../src/screens/tour-extras/room-sheet-row';
import type { RoomRow } from '../../src/screens/tour-extras/room-variation-panel';

const lookups = { roomTypes: [{ id: 2, name: 'Twin' }], accommodation: [{ id: 7, name: 'Superior' }] };
const stored: RoomRow = {
  key: 'row-700',
  id: 700,
  start: '2026-05-01',
  end: '2026-05-30',
  room_type_id: 1,
  accommodation_category_id: 7,
  specific_dates: [],
  restricted_dates: [],
  restricted_days: [],
  formula: null,
  gross: 90,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
};
/** The grid's new row after `previous`: its dates and category copied, as Add variation does. */
const newRow = (previous: RoomRow): RoomRow => ({ ...previous, key: 'new-1', id: undefined, room_type_id: null, gross: 0 });

const preview = (labels: ImportPreview['added'][number]['labels']): ImportPreview => ({
  changes: [],
  added: [{ sheetRow: 4, groupId: 70, gross: { formula: null, gross: 125 }, non_com: 0, adjustment: 0, markup_rate_id: 1, labels }],
  missing: [],
  unmatched: [],
  ignored: [],
});

describe('an extra night variation a sheet adds', () => {
  it('is staged with the sheet’s Start and End, room and category', () => {
    const sheet = preview({ Start: '2026-08-03', End: '2026-08-09', Room: 'Twin', Category: '' });
    const staged = stageImportedRows(sheet, [stored], [700], (added) => ({ at: 1, row: roomRowFromSheet(lookups)(newRow(stored), added.labels) }));
    expect(staged.rows[1]).toMatchObject({ start: '2026-08-03', end: '2026-08-09', room_type_id: 2, accommodation_category_id: null, gross: 125 });
  });

  it('has no dates when the sheet’s Start and End are empty, rather than the row above’s', () => {
    expect(roomRowFromSheet(lookups)(newRow(stored), { Start: '', End: '', Room: 'Twin', Category: 'Superior' })).toMatchObject({
      start: null,
      end: null,
      accommodation_category_id: 7,
    });
  });
});
