import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { e2eServer } from '../helpers/browser.js';
import { openPricingSession, priceCell, resetPrices, typeInto, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

async function setGuardrail(min_margin_percent: number | null) {
  const modelId = season.context.model!.id;
  const model = await call<MarkupModel>('GET', `models/${season.seasonId}/${modelId}`);
  await call('PUT', `models/${season.seasonId}/${modelId}`, {
    model: { name: model.name, version: model.version, rates: model.rates, min_margin_percent, min_profit: model.min_profit },
    removedRatesIds: [],
  });
}

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ skip: 3 }));
  await resetPrices(call, season, [675, 500]);
  // The demo margins are about 10% of cost: a 40% minimum puts every row under it.
  await setGuardrail(40);
});
afterAll(async () => {
  // The model is shared with other seasons of the demo data: later test files must find it as it was.
  await setGuardrail(null);
  await browser.close();
});

const storedGrosses = async () =>
  (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories.flatMap((category) =>
    category.prices.map((price) => price.gross),
  );

async function pressSaveThreeTimes() {
  await page.getByRole('button', { name: /^Save \d+ rows?$/ }).click();
  await page.getByRole('button', { name: 'Are you sure?' }).click();
  await page.getByRole('button', { name: 'Saving' }).click();
}

describe('a markup model’s margin guardrail on the pricing tab', () => {
  it('colours profits under it amber, asks before a save naming the rows, and saves only when confirmed', async () => {
    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 0, 'gross').waitFor();
    expect(await priceCell(page, 0, 'profit').evaluate((cell) => getComputedStyle(cell).color)).toBe('rgb(161, 92, 0)');

    await typeInto(page, 0, 'gross', '700');
    await pressSaveThreeTimes();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('2 prices would be below the minimum margin (40% of cost): rows [0], [1]. Save them anyway?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Not saved: rows are below the minimum margin' }).count()).toBeGreaterThan(0);
    expect(await storedGrosses()).toEqual([675, 500]);

    await pressSaveThreeTimes();
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(await storedGrosses()).toEqual([700, 500]);
  });
});
