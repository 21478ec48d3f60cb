// An accepted import preview becomes grid changes found by the rows' stored ids, an imported
// formula pointed at the rows of its prices in the grid now (issue 21).

import { describe, expect, it } from 'vitest';
import { importedSheetChanges } from '../../src/grid/commands/stage-imported-sheet';
import type { PriceRow } from '../../src/grid/price-row';
import type { ImportPreview } from '../../src/formulas/price-sheet-import';

const row = (id: number, gross: number | null, formula: string | null = null): PriceRow => ({
  key: `row-${id}`,
  id,
  gross,
  formula,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
});

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
