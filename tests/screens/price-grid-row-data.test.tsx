import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/format-money.js';
import type { GroupHeader } from '../../src/grid/price-grid-context.js';
import { PriceGridModel } from '../../src/grid/price-grid-model.js';
import { PriceGrid } from '../../src/grid/price-grid.js';
import type { PriceRow } from '../../src/grid/price-row.js';
import { storedPriceRow } from '../helpers/grouped-price-grid.js';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.2 }];
const RATE_OPTIONS = [{ value: 1, label: '20%' }];

/** The grid's shown text of price row `row` (display row + 1, under the one header) in `colId`. */
const shownText = (row: number, colId: string) =>
  screen
    .getByRole('region', { name: 'Prices' })
    .querySelector(`.ag-row[row-index="${row + 1}"] .ag-cell[col-id="${colId}"]`)
    ?.textContent?.trim();

/**
 * The screen re-renders the grid (its group header changed: the cursor went to another group), and
 * an edit lands after that render but before AG Grid takes the new props, which it does in a
 * passive effect. A paste right after a click on another group's row did just that, one time in
 * twenty: the move's cleared source showed, its destination kept the old value.
 */
function GridEditedAfterRender({ model, header, edit }: { model: PriceGridModel<PriceRow>; header: GroupHeader; edit: () => void }) {
  useLayoutEffect(edit, [header, edit]);
  return <PriceGrid model={model} ariaLabel="Prices" rateOptions={RATE_OPTIONS} currencySymbol="€" groupHeaders={[header]} autoHeight />;
}

describe('the price grid after a re-render', () => {
  it('shows an edit made between its render and AG Grid taking the rows, not the rows of the render', async () => {
    const model = new PriceGridModel<PriceRow>({ rows: [storedPriceRow(1, 100), storedPriceRow(2, 700)], rates: RATES, currencyRate: 1, kind: 'tour' });
    const nothing = () => {};
    const { rerender } = render(<GridEditedAfterRender model={model} header={{ key: 'g1', beforeIndex: 0, stamp: 'a' }} edit={nothing} />);
    await waitFor(() => expect(shownText(0, 'non_com')).toBe(formatMoney(0, '€')));

    // A cut of row 2's gross pasted into row 1's non-com, as one edit.
    const move = () =>
      model.edit([
        { rowKey: 'row-1', colId: 'non_com', oldValue: 0, newValue: 700 },
        { rowKey: 'row-2', colId: 'gross', oldValue: 700, newValue: null },
      ]);
    rerender(<GridEditedAfterRender model={model} header={{ key: 'g1', beforeIndex: 0, stamp: 'b' }} edit={move} />);

    expect(model.rows[0].non_com).toBe(700);
    await waitFor(() => expect([shownText(0, 'non_com'), shownText(1, 'gross')]).toEqual([formatMoney(700, '€'), '']));
  });
});
