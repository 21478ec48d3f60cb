// An accepted import preview becomes grid changes found by the rows' stored ids, an imported
// formula pointed at the rows of its prices in the grid now (issue 21). Rows the sheet adds are
// staged too, at the end of their groups, with the changed cells as one undo step.

import { describe, expect, it } from 'vitest';
import { importedSheetChanges, stageImportedRows } from '../../src/grid/commands/stage-imported-sheet';
import { groupedPriceGrid, storedPriceRow, storedPricingRow } from '../helpers/grouped-price-grid';
import type { AddedRow, ImportPreview } from '../../src/formulas/price-sheet-import';
import { emptyGroup, type PriceGroup } from '../../src/screens/pricing/price-groups';
import { stageImportIntoGroups } from '../../src/screens/pricing/import-into-groups';
import { idOfName } from '../../src/screens/tour-season/price-sheet-rows';

const row = storedPriceRow;

describe('the grid changes of an accepted import', () => {
  it('changes each cell of the row holding the price, formulas following rows moved in the grid', () => {
    // The preview read prices 10, 11, 12 in that order; the grid has since moved 12 to the top and deleted nothing.
    const rows = [row(12, 300), row(10, 100), row(11, null, '[1]+10')];
    const preview: ImportPreview = {
      changes: [
        { field: 'gross', priceId: 10, index: 0, sheetRow: 2, before: 100, after: 150, value: { formula: null, gross: 150 } },
        { field: 'gross', priceId: 11, index: 1, sheetRow: 3, before: '=[0]+10', after: '=[2]*2', value: { formula: '[2]*2', gross: null } },
        { field: 'commission', priceId: 12, index: 2, sheetRow: 4, before: 20, after: 10, value: 3 },
        { field: 'adjustment', priceId: 12, index: 2, sheetRow: 4, before: 0, after: 5, value: 5 },
        // A price deleted in the grid since: no cell to change.
        { field: 'non_com', priceId: 99, index: 3, sheetRow: 5, before: 0, after: 5, value: 5 },
      ],
      added: [],
      missing: [],
      unmatched: [],
      ignored: [],
    };
    expect(importedSheetChanges(preview, rows, [10, 11, 12, 99])).toEqual([
      { rowKey: 'row-10', colId: 'gross', oldValue: 100, newValue: 150 },
      { rowKey: 'row-11', colId: 'formula', oldValue: '[1]+10', newValue: '[0]*2' },
      { rowKey: 'row-12', colId: 'markup_rate_id', oldValue: 1, newValue: 3 },
      { rowKey: 'row-12', colId: 'adjustment', oldValue: 0, newValue: 5 },
    ]);
  });
});

const RATES = [
  { id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 },
  { id: 2, commission: 12.5, markup: 1.25, supplement_markup: 1.1 },
];
const pricingRow = storedPricingRow;
const added = (groupId: number, sheetRow: number, fields: Partial<AddedRow> = {}): AddedRow => ({
  sheetRow,
  groupId,
  gross: { formula: null, gross: 500 },
  non_com: 0,
  adjustment: 0,
  markup_rate_id: null,
  labels: { Room: '', Accommodation: '' },
  ...fields,
});
const group = (id: number, size: number): PriceGroup => ({ ...emptyGroup('2026-05-01'), id, size });
const lookups = {
  roomTypes: [
    { id: 1, name: 'Single' },
    { id: 2, name: 'Twin' },
  ],
  accommodation: [{ id: 7, name: 'Superior' }],
};

describe('the rows an accepted import adds', () => {
  // Group 100 holds prices 10, 11 (=[0]+10), group 101 prices 12 (=[1]*2) and 13 (=[3]+1, its own row's neighbour).
  const rows = () => [pricingRow(10, 100), pricingRow(11, 110, '[0]+10'), pricingRow(12, 220, '[1]*2'), pricingRow(13, 0, '[2]+1')];
  const ids = [10, 11, 12, 13];

  it('go at the end of their groups, in sheet order, the rows below moving with their references', () => {
    const preview: ImportPreview = {
      changes: [{ field: 'gross', priceId: 12, index: 2, sheetRow: 4, before: '=[1]*2', after: '=[1]*3', value: { formula: '[1]*3', gross: null } }],
      added: [
        added(100, 6, { gross: { formula: '[0]+20', gross: null }, labels: { Room: 'twin', Accommodation: 'Superior' }, non_com: 5, markup_rate_id: 2 }),
        added(101, 7, { gross: { formula: null, gross: 900 }, adjustment: 4, labels: { Room: 'Penthouse' } }),
        added(100, 8, { gross: { formula: '[3]-1', gross: null }, labels: { Room: '#4' } }),
        added(555, 9),
      ],
      missing: [],
      unmatched: [],
      ignored: [],
    };
    const staged = stageImportIntoGroups(preview, rows(), [group(100, 2), group(101, 2)], ids, RATES, lookups);
    expect(staged.groups.map((g) => g.size)).toEqual([4, 3]);
    expect([staged.added, staged.dropped]).toEqual([3, 1]);
    expect(
      staged.rows.map((r) => [r.id ?? 'new', r.formula ?? r.gross, r.room_type_id, r.accommodation_category_id, r.non_com, r.adjustment, r.markup_rate_id]),
    ).toEqual([
      [10, 100, 1, null, 0, 0, 1],
      [11, '[0]+10', 1, null, 0, 0, 1],
      // Sheet rows 6 and 8 at the end of group 100: their [n] name the prices' rows now.
      ['new', '[0]+20', 2, 7, 5, 0, 2],
      ['new', '[5]-1', 4, null, 0, 0, 1],
      // Price 12's imported formula and price 13's own moved down two rows.
      [12, '[1]*3', 1, null, 0, 0, 1],
      [13, '[4]+1', 1, null, 0, 0, 1],
      // An unknown room name leaves the room empty, for the clerk to pick.
      ['new', 900, null, null, 0, 4, 1],
    ]);
  });

  it('are one undo step with the changed cells, unsaved, and undo takes both back', () => {
    const grid = groupedPriceGrid(rows(), [group(100, 2), group(101, 2)], RATES);
    const preview: ImportPreview = {
      changes: [{ field: 'gross', priceId: 10, index: 0, sheetRow: 2, before: 100, after: 150, value: { formula: null, gross: 150 } }],
      added: [added(100, 6, { gross: { formula: '[0]*2', gross: null } })],
      missing: [],
      unmatched: [],
      ignored: [],
    };
    const staged = stageImportIntoGroups(preview, grid.rows, grid.layout.groups, ids, RATES, lookups);
    grid.replaceRows(staged.rows, { groups: staged.groups });
    expect(grid.rows.map((r) => r.formula ?? r.gross)).toEqual([150, '[0]+10', '[0]*2', '[1]*2', '[3]+1']);
    expect(grid.outcome(2)).toMatchObject({ gross: 300 });
    // Row 11 follows its base to 160, row 12 still doubles row 11.
    expect([grid.outcome(1), grid.outcome(3)]).toMatchObject([{ gross: 160 }, { gross: 320 }]);
    // The changed row, the added row, and price 13, whose formula now names row 3: it is saved again.
    expect(grid.dirtyRowCount).toBe(3);
    expect(grid.isDirtyCell(grid.rows[0].key, 'gross')).toBe(true);
    expect(grid.layout.groups.map((g) => g.size)).toEqual([3, 2]);
    grid.undo();
    expect(grid.rows.map((r) => r.formula ?? r.gross)).toEqual([100, '[0]+10', '[1]*2', '[2]+1']);
    expect(grid.layout.groups.map((g) => g.size)).toEqual([2, 2]);
    expect(grid.dirtyRowCount).toBe(0);
    expect(grid.canUndo).toBe(false);
  });

  it('without a place for an added row (its group removed) stage only the changed cells', () => {
    const preview: ImportPreview = { changes: [], added: [added(100, 6)], missing: [], unmatched: [], ignored: [] };
    const staged = stageImportedRows(preview, rows(), ids, () => undefined);
    expect([staged.rows, staged.added, staged.dropped]).toEqual([rows(), 0, 1]);
  });

  it('find rooms and accommodation by the names the export writes', () => {
    expect([
      idOfName(lookups.roomTypes, 'TWIN'),
      idOfName(lookups.roomTypes, '#12'),
      idOfName(lookups.roomTypes, ''),
      idOfName(lookups.roomTypes, 'Suite'),
    ]).toEqual([2, 12, null, null]);
  });
});
