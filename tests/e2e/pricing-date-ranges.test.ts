import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { openPricingSession, priceCell, pricingUrl, saveWithThreeClicks, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

// Issue 18 item 4: Add new dates and Remove dates work on the group's list of date ranges.
let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession());
});
afterAll(() => browser.close());

const pricesPath = () => `tour-pricing/${season.tourId}/${season.seasonId}`;

/** Two groups: 1-7 May, then 8 May to 30 June, one price each. */
async function resetTwoGroups() {
  const current = await call<SeasonPricing>('GET', pricesPath());
  const rate = season.context.model!.rates[0].id;
  const group = (start: string, end: string, gross: number) => ({
    start,
    end,
    nights: 7,
    prices: [{ gross, non_com: 0, adjustment: 0, markup_rate_id: rate, formula: null }],
  });
  await call('PUT', pricesPath(), {
    version: current.tour_season.version,
    removed_category_ids: current.categories.map((category) => category.id),
    categories: [group('2026-05-01', '2026-05-07', 100), group('2026-05-08', '2026-06-30', 200)],
  });
}

describe('a price group’s date ranges', () => {
  it('adds dates after the last group’s end and removes dates only when confirmed', async () => {
    await resetTwoGroups();
    await page.goto(pricingUrl(season));
    await priceCell(page, 0, 'gross').waitFor();
    await page.getByRole('button', { name: 'Edit group 1' }).click();
    const panel = page.getByRole('region', { name: 'Group 1' });
    const dates = (n: number) => panel.getByRole('listitem', { name: `Dates ${n}` });
    const field = (n: number, label: string) => dates(n).getByLabel(label, { exact: true });

    await panel.getByRole('button', { name: 'Add new dates' }).click();
    // After group 2's end (30 June), not group 1's own (7 May, which group 2 follows), a week long as group 1's range.
    expect([await field(2, 'Start').inputValue(), await field(2, 'End').inputValue()]).toEqual(['01/07/2026', '07/07/2026']);
    expect(await page.locator('.pricing-workspace .toolbar .muted').first().textContent()).toBe('2 groups, 2 prices');

    await dates(1).getByRole('button', { name: 'Remove dates' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText('01/05/2026 – 07/05/2026 will be taken off group 1.', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await panel.getByRole('listitem').count()).toBe(2);

    await dates(1).getByRole('button', { name: 'Remove dates' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    expect(await field(1, 'Start').inputValue()).toBe('01/07/2026');
    // The last range stays, and the panel says why.
    expect(await dates(1).getByRole('button', { name: 'Remove dates' }).isDisabled()).toBe(true);
    expect(await panel.getByText('A group keeps at least one date range').isVisible()).toBe(true);

    await panel.getByRole('button', { name: 'Add new dates' }).click();
    expect([await field(2, 'Start').inputValue(), await field(2, 'End').inputValue()]).toEqual(['08/07/2026', '14/07/2026']);
    await saveWithThreeClicks(page);
    const stored = await call<SeasonPricing>('GET', pricesPath());
    expect(stored.categories.map(({ start, end, date_ranges }) => ({ start, end, date_ranges }))).toEqual([
      {
        start: '2026-07-01',
        end: '2026-07-14',
        date_ranges: [
          { start: '2026-07-01', end: '2026-07-07' },
          { start: '2026-07-08', end: '2026-07-14' },
        ],
      },
      { start: '2026-05-08', end: '2026-06-30', date_ranges: [{ start: '2026-05-08', end: '2026-06-30' }] },
    ]);
  });
});
