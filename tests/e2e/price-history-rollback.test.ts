import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { closeNotices, e2eServer } from '../helpers/browser.js';
import { openPricingSession, priceCell, resetPrices, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';

// Rolling back a /pgt rate change from a season's History panel (issue 22). The rollback puts the
// demo model back as it was, so the files after this one find the prices they expect.

let browser: Browser;
let page: Page;
let season: PricedSeason;
let call: Caller;

beforeAll(async () => {
  ({ browser, page, season, call } = await openPricingSession({ skip: 6 }));
  await resetPrices(call, season, [640, 410]);
});
afterAll(() => browser.close());

const storedCosts = async () =>
  (await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`)).categories.flatMap((category) =>
    category.prices.map((price) => [price.net, price.cost]),
  );
const modelPath = () => `models/${season.seasonId}/${season.context.model!.id}`;

/** Opens the History panel on the `nth` change set (1 = newest) and asks to roll it back. */
async function rollBackFromHistory(nth: number) {
  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price history' });
  const row = dialog.getByRole('row').nth(nth);
  await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('Rate change');
  await row.getByRole('button').click();
  await dialog.getByRole('button', { name: 'Roll back this change' }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll back this change?' });
  await confirm.waitFor();
  const text = (await confirm.textContent()) ?? '';
  await confirm.getByRole('button', { name: 'Roll back' }).click();
  return { dialog, text };
}

describe('rolling back a /pgt rate change from the History panel', () => {
  it('names what it restores, puts every price back, and shows the 409 when the model changed since', async () => {
    const before = await storedCosts();
    const model = await call<MarkupModel>('GET', modelPath());
    const rates = model.rates.map((rate) => ({ ...rate, markup: rate.markup + 0.05, supplement_markup: rate.supplement_markup + 0.05 }));
    await call('PUT', modelPath(), { model: { name: model.name, version: model.version, rates }, removedRatesIds: [] });
    expect(await storedCosts()).not.toEqual(before);

    await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
    await priceCell(page, 0, 'gross').waitFor();
    const { dialog, text } = await rollBackFromHistory(1);
    expect(text).toMatch(/\d+ rows? in \d+ seasons?/);
    await expect.poll(storedCosts).toEqual(before);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await call<MarkupModel>('GET', modelPath())).rates.map((rate) => rate.markup)).toEqual(model.rates.map((rate) => rate.markup));

    // The same change again: the model is no longer as that change left it, so it is refused, and says why.
    await closeNotices(page);
    const again = await rollBackFromHistory(2);
    await expect.poll(() => again.dialog.getByRole('alert').textContent()).toContain('has changed since');
    expect(await storedCosts()).toEqual(before);
  });
});
