// An accepted import that removes the rows its sheet no longer has (issue 21, chosen in the
// preview): they go in the same row operation as the import's other changes, one undo step; a
// formula naming a removed row becomes #REF! as a grid delete leaves it; the stored rows removed
// are listed for Save, and the pricing groups lose the rows they held.

import { describe, expect, it } from 'vitest';
import { groupedPriceGrid, storedPricingRow } from '../helpers/grouped-price-grid';
import { stageImportedRows } from '../../src/grid/commands/stage-imported-sheet';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { ImportPreview } from '../../src/formulas/price-sheet-import';
import { emptyGroup, type PriceGroup, type PricingRow } from '../../src/screens/pricing/price-groups';
import { stageImportIntoGroups } from '../../src/screens/pricing/import-into-groups';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 }];
const row = storedPricingRow;
const group = (id: number, size: number): PriceGroup => ({ ...emptyGroup('2026-05-01'), id, size });
const lookups = { roomTypes: [], accommodation: [] };
// Group 100 holds prices 10, 11 (=[0]+10), group 101 prices 12 (=[1]*2) and 13 (=[2]+1).
const rows = () => [row(10, 100), row(11, 110, '[0]+10'), row(12, 220, '[1]*2'), row(13, 0, '[2]+1')];
const ids = [10, 11, 12, 13];
// The sheet no longer has prices 11 and 12; price 99 was deleted in the grid since the preview.
const preview: ImportPreview = {
  changes: [{ field: 'gross', priceId: 10, index: 0, sheetRow: 2, before: 100, after: 150, value: { formula: null, gross: 150 } }],
  added: [],
  missing: [
    { priceId: 11, groupId: 100, index: 1 },
    { priceId: 12, groupId: 101, index: 2 },
    { priceId: 99, groupId: 101, index: 4 },
  ],
  unmatched: [],
  ignored: [],
};
const removeIds = preview.missing.map((missing) => missing.priceId);

describe('an import removing the rows its sheet no longer has', () => {
  it('leaves them out, formulas naming them #REF!, and only when asked', () => {
    const staged = stageImportedRows(preview, rows(), ids, () => undefined, removeIds);
    expect(staged.rows.map((r) => [r.id, r.formula ?? r.gross])).toEqual([
      [10, 150],
      [13, '#REF!+1'],
    ]);
    expect(staged.removedAt).toEqual([1, 2]);
    const kept = stageImportedRows(preview, rows(), ids, () => undefined);
    expect(kept.rows.map((r) => r.id)).toEqual([10, 11, 12, 13]);
    expect(kept.removedAt).toEqual([]);
  });

  it('shrinks the pricing groups by the rows they lose', () => {
    const staged = stageImportIntoGroups(preview, rows(), [group(100, 2), group(101, 2)], ids, RATES, lookups, removeIds);
    expect(staged.groups.map((g) => g.size)).toEqual([1, 1]);
    expect(staged.rows.map((r) => r.id)).toEqual([10, 13]);
  });

  it('removes rows in the same operation that adds rows, an added formula naming a removed row #REF!', () => {
    const adding: ImportPreview = {
      ...preview,
      added: [
        {
          sheetRow: 6,
          groupId: 100,
          gross: { formula: '[1]+[0]', gross: null },
          non_com: 0,
          adjustment: 0,
          markup_rate_id: null,
          labels: {},
        },
      ],
    };
    const staged = stageImportIntoGroups(adding, rows(), [group(100, 2), group(101, 2)], ids, RATES, lookups, removeIds);
    expect(staged.rows.map((r) => [r.id ?? 'new', r.formula ?? r.gross])).toEqual([
      [10, 150],
      ['new', '#REF!+[0]'],
      [13, '#REF!+1'],
    ]);
    // Group 100 gains the added row and loses price 11; group 101 loses price 12.
    expect(staged.groups.map((g) => g.size)).toEqual([2, 1]);
    expect([staged.added, staged.removedAt]).toEqual([1, [1, 2]]);
  });

  it('is one undo step that lists the removed rows for Save, and undo brings them back', () => {
    const grid = groupedPriceGrid(rows(), [group(100, 2), group(101, 2)], RATES);
    const staged = stageImportIntoGroups(preview, grid.rows, grid.layout.groups, ids, RATES, lookups, removeIds);
    grid.replaceRows(staged.rows, { groups: staged.groups }, { removes: true });
    expect(grid.rows.map((r) => r.id)).toEqual([10, 13]);
    expect(grid.removed.map((removed) => [removed.row.id, removed.index])).toEqual([
      [12, 2],
      [11, 1],
    ]);
    expect(grid.layout.groups.map((g) => g.size)).toEqual([1, 1]);
    grid.undo();
    expect(grid.rows.map((r) => r.formula ?? r.gross)).toEqual([100, '[0]+10', '[1]*2', '[2]+1']);
    expect(grid.layout.groups.map((g) => g.size)).toEqual([2, 2]);
    expect([grid.removed.length, grid.dirtyRowCount, grid.canUndo]).toEqual([0, 0, false]);
  });

  it('without removes, replaceRows lists no rows for Save', () => {
    const grid = new PriceGridModel<PricingRow>({ rows: rows(), rates: RATES, currencyRate: 1.1, kind: 'tour' });
    grid.replaceRows(stageImportedRows(preview, grid.rows, ids, () => undefined, removeIds).rows);
    expect(grid.rows.length).toBe(2);
    expect(grid.removed).toEqual([]);
  });
});
