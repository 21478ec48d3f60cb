import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { computePrice, resolveRate, type PriceInput } from '../../src/domain/price-maths.js';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { PartyExtrasList, RoomExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import { formatSignedPounds } from '../../src/screens/models/format-pounds.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { e2eServer, openLoggedInPage, textOf } from '../helpers/browser.js';
import { apiCaller, cellText, findPricedSeason, priceCell, resetPrices, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Awaited<ReturnType<typeof apiCaller>>;
let oldRate: number;

beforeAll(async () => {
  call = await apiCaller();
  season = await findPricedSeason(call);
  oldRate = season.context.currency!.rate!;
  await resetPrices(call, season, [675, 500]);
  ({ browser, page } = await openLoggedInPage());
});
afterAll(async () => {
  // Later browser tests find the demo season as it was.
  const currencyId = season.context.currency!.id;
  const { version } = await call<{ version: number }>('GET', `currencies/${currencyId}`);
  await call('PUT', `currencies/${currencyId}/${season.seasonId}`, { rate: oldRate, version });
  await browser.close();
});

const costAt = (gross: number, currencyRate: number) => {
  const rates = season.context.model!.rates;
  const rate = resolveRate(rates, rates[0].id);
  return computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate!.id }, rate, currencyRate, 'tour').cost;
};

/**
 * What a rate change does to the tour season's stored bikes and extras, as the preview counts it:
 * rows it cannot price, or whose net and cost stay, are left out.
 */
async function bikesAndExtrasCostChange(currencyRate: number): Promise<number> {
  const path = `${season.tourId}/${season.seasonId}`;
  const bikes = (await call<{ bikes: TourBike[] }>('GET', `tour-bikes/${path}`)).bikes;
  const party = (await call<PartyExtrasList>('GET', `tour-extras/${path}/party`)).extras.flatMap((extra) => extra.variations);
  const room = (await call<RoomExtrasList>('GET', `tour-extras/${path}/room`)).extras.flatMap((extra) => extra.variations);
  const rates = season.context.model!.rates;
  let change = 0;
  for (const row of [...bikes, ...party, ...room] as (PriceInput & { net: number | string; cost: number | string })[]) {
    const input = { gross: Number(row.gross), non_com: Number(row.non_com), adjustment: Number(row.adjustment), markup_rate_id: row.markup_rate_id };
    const after = computePrice(input, resolveRate(rates, row.markup_rate_id), currencyRate, 'supplement');
    if (after.missing || (after.net === Number(row.net) && after.cost === Number(row.cost))) continue;
    change += after.cost - Number(row.cost);
  }
  return change;
}

describe('bulk pricing', () => {
  it(
    'shows beside each price of the chosen tour its current cost, its cost ' + 'after an unsaved rate change and the change, as the preview sums them',
    async () => {
      const currency = season.context.currency!;
      const whatIfRate = Math.round(oldRate * 0.8 * 1000) / 1000;
      await page.goto(`${e2eServer().baseUrl}/pgt?season=${season.seasonId}&tour_id=${season.tourId}`);
      await page.locator('[data-preview-inputs="ready"]').waitFor({ timeout: 30_000 });
      const prices = page.getByRole('region', { name: 'Tour prices' });
      const cell = (row: number, colId: string) => prices.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
      await cell(2, 'cost').waitFor();
      // Without a what-if the grid shows the stored prices only.
      expect(await prices.locator('.ag-header-cell[col-id="what_if_change"]').count()).toBe(0);

      const form = page.getByRole('form', { name: `${currency.name} rate` });
      await form.getByRole('spinbutton').fill(String(whatIfRate));
      const grosses = [675, 500];
      await expect.poll(() => textOf(cell(1, 'what_if_new'))).toBe(formatMoney(costAt(675, whatIfRate)));
      for (const [i, gross] of grosses.entries()) {
        const [current, next] = [costAt(gross, oldRate), costAt(gross, whatIfRate)];
        expect([await textOf(cell(i + 1, 'what_if_current')), await textOf(cell(i + 1, 'what_if_new')), await textOf(cell(i + 1, 'what_if_change'))]).toEqual([
          formatMoney(current),
          formatMoney(next),
          formatSignedPounds(next - current),
        ]);
        // The stored cost column still shows what is saved.
        await expect.poll(() => textOf(cell(i + 1, 'cost'))).toBe(formatMoney(current));
      }
      const pricesChange = grosses.reduce((total, gross) => total + costAt(gross, whatIfRate) - costAt(gross, oldRate), 0);
      await expect.poll(() => textOf(page.getByTestId('tour-what-if'))).toContain(`cost ${formatSignedPounds(pricesChange)}`);

      // The preview's row for this tour code is the same prices plus the tour's bikes and extras.
      const { tour_code: tourCode } = await call<{ tour_code: string }>('GET', `tours/${season.tourId}`);
      const previewRow = form
        .getByRole('region', { name: 'What-if preview' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: tourCode, exact: true }) });
      const expected = formatSignedPounds(pricesChange + (await bikesAndExtrasCostChange(whatIfRate)));
      await expect.poll(() => textOf(previewRow.getByRole('cell').nth(4))).toBe(expected);

      // Nothing was saved; typing the stored rate back takes the what-if away.
      await form.getByRole('spinbutton').fill(String(oldRate));
      await expect.poll(() => prices.locator('.ag-header-cell[col-id="what_if_change"]').count()).toBe(0);
      await expect.poll(() => textOf(cell(1, 'cost'))).toBe(formatMoney(costAt(675, oldRate)));
    },
  );

  // Issue 27: a what-if can be cancelled as an edit in Excel is, with Escape, or with Revert.
  describe('cancelling a what-if', () => {
    async function openPgt() {
      await page.goto(`${e2eServer().baseUrl}/pgt?season=${season.seasonId}&tour_id=${season.tourId}`);
      await page.locator('[data-preview-inputs="ready"]').waitFor({ timeout: 30_000 });
      const prices = page.getByRole('region', { name: 'Tour prices' });
      await prices.locator('.ag-row[row-index="1"] .ag-cell[col-id="cost"]').waitFor();
      return prices;
    }
    const whatIfColumn = (prices: Locator) => prices.locator('.ag-header-cell[col-id="what_if_change"]');

    /** Types a what-if into `field`, sees its preview, cancels it with `cancel`, and sees the stored value back and no preview. */
    async function typeAndCancel(form: Locator, field: Locator, typed: string, cancel: () => Promise<void>) {
      const prices = whatIfColumn(page.getByRole('region', { name: 'Tour prices' }));
      const stored = await field.inputValue();
      await field.fill(typed);
      await form.getByRole('region', { name: 'What-if preview' }).waitFor();
      await expect.poll(() => prices.count()).toBe(1);
      await cancel();
      await expect.poll(() => field.inputValue()).toBe(stored);
      await expect.poll(() => form.getByRole('region', { name: 'What-if preview' }).count()).toBe(0);
      await expect.poll(() => prices.count()).toBe(0);
    }

    it('puts the stored currency rate back with Escape in the field, or with Revert', async () => {
      await openPgt();
      const form = page.getByRole('form', { name: `${season.context.currency!.name} rate` });
      const field = form.getByRole('spinbutton');
      const whatIfRate = String(Math.round(oldRate * 0.8 * 1000) / 1000);
      await typeAndCancel(form, field, whatIfRate, () => field.press('Escape'));
      await typeAndCancel(form, field, whatIfRate, () => form.getByRole('button', { name: 'Revert' }).click());
      expect(await form.getByRole('button', { name: 'Revert' }).isDisabled()).toBe(true);
    });

    it('puts the stored markup back with Escape in the field, or with Revert', async () => {
      await openPgt();
      const model = season.context.model!;
      const rate = model.rates[0];
      const form = page.getByRole('form', { name: `Markup model ${model.name}` });
      const field = form.getByLabel(`Markup of rate ${rate.id}`, { exact: true });
      await typeAndCancel(form, field, String(Math.round((rate.markup + 0.1) * 100) / 100), () => field.press('Escape'));
      await typeAndCancel(form, field, String(Math.round((rate.markup + 0.1) * 100) / 100), () => form.getByRole('button', { name: 'Revert' }).click());
      expect(await form.getByRole('button', { name: 'Revert' }).isDisabled()).toBe(true);
    });
  });

  it('previews a currency-rate change across the season, saves it, and the tour’s pricing tab shows the new costs', async () => {
    const currency = season.context.currency!;
    const newRate = Math.round(oldRate * 1.2 * 1000) / 1000;
    expect(costAt(675, newRate)).not.toBe(costAt(675, oldRate));

    await page.goto(`${e2eServer().baseUrl}/pgt?season=${season.seasonId}&tour_id=${season.tourId}`);
    await expect.poll(() => page.getByRole('navigation').count()).toBe(0);
    // The season's stored rows load once, so the preview is worked out in the browser as staff type.
    await page.locator('[data-preview-inputs="ready"]').waitFor({ timeout: 30_000 });
    const form = page.getByRole('form', { name: `${currency.name} rate` });
    await form.getByRole('spinbutton').fill(String(newRate));

    const preview = form.getByRole('region', { name: 'What-if preview' });
    await preview.waitFor();
    await expect.poll(async () => Number(await preview.getByTestId('preview-prices').textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await preview.textContent()) ?? '').toMatch(/Total cost [−+]£/);

    await form.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText(`Saved ${currency.name} rate`).waitFor();

    // The tour's prices on the bulk page, in the shared price grid, are refetched with the new costs.
    const prices = page.getByRole('region', { name: 'Tour prices' });
    const firstCost = prices.locator('.ag-row[row-index="1"] .ag-cell[col-id="cost"]');
    await expect.poll(async () => (await firstCost.textContent())?.replace(/[£,]/g, '')).toBe(costAt(675, newRate).toFixed(2));
    // Read-only here: Enter on a gross cell opens no editor.
    await prices.locator('.ag-row[row-index="1"] .ag-cell[col-id="gross"]').click();
    await page.keyboard.press('Enter');
    expect(await page.locator('.price-cell-input').count()).toBe(0);

    // The tour's own pricing tab, opened afresh, shows the costs the server stored with the new rate.
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 1, 'cost').waitFor();
    expect([await cellText(page, 0, 'cost'), await cellText(page, 1, 'cost')]).toEqual([formatMoney(costAt(675, newRate)), formatMoney(costAt(500, newRate))]);
    expect(await cellText(page, 0, 'cost')).not.toBe(formatMoney(costAt(675, oldRate)));
  });
});
