import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, PriceSnapshot } from '../../src/domain/pricing/price-history.js';
import type { PricingCategory } from '../../src/domain/pricing/tour-pricing.js';
import { emptyGroup } from '../../src/screens/pricing/price-groups.js';
import { PricingTab } from '../../src/screens/pricing/pricing-tab.js';
import { fakeApi, renderScreen } from '../helpers/render-reference-screen.js';
import { seasonContext, tourFixture } from '../helpers/tour-screen-fixtures.js';

// The season prices in euros (seasonContext: Euro, €): gross, non-com and net are in its currency,
// subtotal, adjustment and cost in pounds, as the grid shows them (src/domain/pricing/price-currencies.ts).
const context = seasonContext();
const before: PriceSnapshot = { gross: 1848, formula: null, non_com: 0, markup_rate_id: 70, adjustment: 0, net: 1478.4, cost: 1362.58 };
const after: PriceSnapshot = { gross: 1920, formula: '[0]+72', non_com: 12.5, markup_rate_id: 70, adjustment: 15, net: 1526, cost: 1421.45 };

function pricingWithHistory() {
  const { key: _key, size: _size, ...blank } = emptyGroup('2026-05-01');
  const group: PricingCategory = {
    ...blank,
    id: 40,
    end: '2026-05-31',
    nights: 7,
    date_ranges: [{ start: '2026-05-01', end: '2026-05-31' }],
    prices: [{ id: 400, room_type_id: 1, accommodation_category_id: null, deck_id: null, ...after }],
  };
  const set: ChangeSet = {
    id: 77,
    created_at: '2026-03-02T14:05:00.000Z',
    author: 'staff@example.com',
    source: 'pricing',
    row_count: 1,
    cost_change: 58.87,
    below_guardrail: 0,
    changes: [{ tour_season_id: 31, kind: 'price', row_id: 400, before, after }],
  };
  fakeApi({
    'GET tours/12': { body: tourFixture() },
    'GET tour-pricing/12/3': { body: { tour_season: context, categories: [group] } },
    'GET room-types': { body: [{ id: 1, name: 'Double' }] },
    'GET accommodation-categories': { body: [] },
    'GET decks': { body: [] },
    'GET boats': { body: [] },
    'GET tour-routes/12/3': { body: { routes: [], version: 5 } },
    'GET price-history/12/3': { body: [set] },
    'GET price-history/12/3/sets/77': { body: set },
  });
}

describe('the price history of a euro season (issue 28)', () => {
  it('shows gross, non-com and net in euros, adjustment and cost in pounds, as the grid does', async () => {
    pricingWithHistory();
    const user = userEvent.setup();
    renderScreen([{ path: '/tours/:id/pricing', element: <PricingTab /> }], '/tours/12/pricing?season=3');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'Price history' });
    // The list: the cost a save moved is in pounds.
    expect(within(dialog).getByText('£58.87')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: /2026/ }));
    const table = await within(dialog).findByRole('table');
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      ['Gross', '€1,848.00', '€1,920.00'],
      ['Formula', '—', '[0]+72'],
      ['Non-com', '€0.00', '€12.50'],
      ['Adjustment', '£0.00', '£15.00'],
      ['Net', '€1,478.40', '€1,526.00'],
      ['Cost', '£1,362.58', '£1,421.45'],
    ]);
  });
});
