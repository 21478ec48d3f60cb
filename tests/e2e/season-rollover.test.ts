import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { RolloverCandidate } from '../../src/domain/rollover/rollover-request.js';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { apiCaller, priceCell, type Caller } from '../helpers/pricing-e2e.js';

// Global > Roll over (issue 31): a manager previews next season for one tour, sees the rows under
// the guardrail, exports the preview, commits, opens the rolled tour's prices and rolls the
// roll-over back from that tab's History panel.
// The rollback and the guardrail's reset leave the demo data as later files expect it.

let browser: Browser;
let page: Page;
let call: Caller;
let model: MarkupModel;
let tour: RolloverCandidate;
let target: Season;
let changeSetId: number | null = null;

type Season = { id: number; name: string; model_id: number | null };

async function setGuardrail(min_margin_percent: number | null) {
  const stored = await call<MarkupModel>('GET', `models/${target.id}/${model.id}`);
  await call('PUT', `models/${target.id}/${model.id}`, {
    model: { name: stored.name, version: stored.version, rates: stored.rates, min_margin_percent, min_profit: stored.min_profit },
    removedRatesIds: [],
  });
}

beforeAll(async () => {
  call = await apiCaller();
  const seasons = await call<Season[]>('GET', 'seasons');
  const [source, last] = seasons.slice(-2);
  target = last;
  model = await call<MarkupModel>('GET', `models/${target.id}/${target.model_id}`);
  const candidates = await call<RolloverCandidate[]>('GET', `rollovers/candidates?source=${source.id}&target=${target.id}`);
  tour = candidates.find((candidate) => !candidate.in_target)!;
  // The demo margins are about 10% of cost: a 40% minimum puts the rolled rows under it.
  await setGuardrail(40);
  // A context of its own, so a link can open in a second tab of the same login.
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page);
});
afterAll(async () => {
  if (changeSetId !== null) await call('POST', `price-history/${changeSetId}/rollback`).catch(() => undefined);
  await setGuardrail(model.min_margin_percent);
  await browser.close();
});

describe('rolling a season over from Global > Roll over', () => {
  it('previews with flagged rows, exports, commits, shows the rolled prices and rolls back', async () => {
    await page.goto(`${e2eServer().baseUrl}/rollover`);
    await page.getByRole('button', { name: 'Untick all shown' }).click();
    await page.getByRole('checkbox', { name: `${tour.tour_code} ${tour.tour_name}` }).check();
    await page.getByLabel('Uplift (%)').fill('4');
    await page.getByLabel('Uplift (%)').press('Enter');

    const heading = page.getByRole('heading', { name: /^Preview: Roll over / });
    await heading.waitFor();
    const summary = page.locator('.rollover-tour summary');
    await expect.poll(() => summary.textContent()).toMatch(/\d+ below the guardrail/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export preview (xlsx)' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets[0].name).toBe('Summary');
    expect(workbook.worksheets[1].getCell('A2').value).toBe(tour.tour_code);

    // The first row's gross after, as the preview's table shows it.
    await summary.click();
    const firstAfter = (await page
      .getByRole('table', { name: `Prices of ${tour.tour_code}, before and after` })
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(3)
      .textContent())!;

    await page.getByRole('button', { name: 'Commit roll-over' }).click();
    await page.getByRole('dialog', { name: 'Commit this roll-over?' }).getByRole('button', { name: 'Commit' }).click();
    const committed = page.getByText(/^Committed as change set \d+/);
    await committed.waitFor();
    changeSetId = Number(/change set (\d+)/.exec((await committed.textContent())!)![1]);

    // The link opens the rolled tour's pricing tab, as a link does in a tab of its own.
    const href = await page.getByRole('link', { name: "Open the first rolled tour's prices" }).getAttribute('href');
    const tab = await page.context().newPage();
    await tab.goto(`${e2eServer().baseUrl}${href}`);
    await expect.poll(() => priceCell(tab, 0, 'gross').textContent()).toContain(firstAfter.split(' = ').at(-1)!.replace(/\.00$/, ''));

    // Rolled back from the rolled tour's own History panel, as any clerk finds it later.
    await tab.getByRole('button', { name: 'History' }).click();
    const history = tab.getByRole('dialog', { name: 'Price history' });
    const newest = history.getByRole('row').nth(1);
    await expect.poll(() => newest.getByRole('cell').nth(2).textContent()).toBe('Season roll-over');
    await newest.getByRole('button').click();
    await history.getByRole('button', { name: 'Roll back this change' }).click();
    const confirm = tab.getByRole('dialog', { name: 'Roll back this roll-over?' });
    await expect.poll(() => confirm.textContent()).toMatch(/tour seasons it created are removed/);
    await confirm.getByRole('button', { name: 'Roll back' }).click();
    await tab.getByText(/^Rolled back the roll-over: /).waitFor();
    changeSetId = null;
    await expect(call('GET', `tour-pricing/${tour.tour_id}/${target.id}`)).rejects.toThrow(/404/);
    await tab.close();
  });
});
