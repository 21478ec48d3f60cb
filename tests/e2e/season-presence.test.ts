import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { StaffPassword } from '../../src/domain/staff.js';
import { formatMoney } from '../../src/domain/format-money.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import {
  apiCaller,
  cellText,
  findPricedSeason,
  priceCell,
  pricingUrl,
  resetPrices,
  saveWithThreeClicks,
  typeInto,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';

// Two clerks on one season's pricing tab (issue 29): each sees the other, and a save by one is
// told to the other, whose grid can show the cells it changed and take the save in.

const WITHIN_2_S = { timeout: 2000, interval: 50 };

let browser: Browser;
let season: PricedSeason;
let colleague: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const call = await apiCaller();
  season = await findPricedSeason(call, 12);
  await resetPrices(call, season, [675, 500, 400]);
  const email = `presence.${Date.now()}@example.test`;
  const added = await call<StaffPassword>('POST', 'staff', { email_address: email });
  colleague = { email, password: added.password };
});
afterAll(() => browser.close());

async function openPricing(login: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, { ...e2eServer(), ...login });
  await page.goto(pricingUrl(season));
  await priceCell(page, 0, 'gross').waitFor();
  return page;
}

const alsoHere = (page: Page) => page.getByRole('status', { name: 'Also here' }).textContent();

describe('two clerks on one season', () => {
  it('see each other, and the one hears of the other’s save within 2 s, sees its cells, and brings it in', async () => {
    const server = e2eServer();
    const staff = await openPricing(server);
    const other = await openPricing(colleague);
    await expect.poll(() => alsoHere(staff), WITHIN_2_S).toBe(`Also here: ${colleague.email}`);
    await expect.poll(() => alsoHere(other), WITHIN_2_S).toBe(`Also here: ${server.email}`);

    await typeInto(other, 1, 'gross', '999');
    await saveWithThreeClicks(other);
    const notice = staff.locator('.change-notice');
    await expect.poll(() => notice.textContent(), WITHIN_2_S).toContain(`${colleague.email} saved 1 row of this season`);
    // The one who saved is not told of their own save.
    expect(await other.locator('.change-notice').count()).toBe(0);

    await notice.getByRole('button', { name: 'Show their changes' }).click();
    await expect.poll(() => priceCell(staff, 1, 'gross').getAttribute('class')).toContain('find-match');
    expect(await priceCell(staff, 0, 'gross').getAttribute('class')).not.toContain('find-match');

    // Nothing staged here: bringing them in reloads the season.
    await notice.getByRole('button', { name: 'Bring them in' }).click();
    const local = (gross: number) => formatMoney(gross, season.context.currency!.symbol);
    await expect.poll(() => cellText(staff, 1, 'gross')).toBe(local(999));
    expect(await notice.count()).toBe(0);

    // With a typed cell staged here, bringing theirs in merges: both show, only the typed cell is left to save.
    await typeInto(staff, 2, 'gross', '321');
    await typeInto(other, 1, 'gross', '888');
    await saveWithThreeClicks(other);
    await notice.getByRole('button', { name: 'Bring them in' }).click();
    await expect.poll(() => cellText(staff, 1, 'gross')).toBe(local(888));
    await expect.poll(() => cellText(staff, 2, 'gross')).toBe(local(321));
    await saveWithThreeClicks(staff);
    const read = await apiCaller();
    const pricing = await read<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
    expect(pricing.categories[0].prices.slice(1, 3).map((price) => Number(price.gross))).toEqual([888, 321]);

    await other.close();
    await expect.poll(() => staff.getByRole('status', { name: 'Also here' }).count(), WITHIN_2_S).toBe(0);
  });
});
