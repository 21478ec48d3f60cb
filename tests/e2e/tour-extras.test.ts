import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { copyConfirmation } from '../../src/domain/tours/copy-season-data.js';
import type { PartyExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { openLoggedInPage, textOf } from '../helpers/browser.js';
import { apiCaller, findPricedSeason, saveWithThreeClicks, seasonTabUrl, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let call: Awaited<ReturnType<typeof apiCaller>>;
/** The tour season the screens edit, and another tour's season reductions are copied from. */
let target: PricedSeason;
let source: PricedSeason;

const SUPPLEMENT = 'Harbour boat trip';
const SOURCE_REDUCTIONS = [
  { order: 1, percent: 100, output_quantity: 1, output_min: 0, output_max: 5, input_quantity: 2, input_min: 18 },
  { order: 2, percent: 50, output_quantity: 1, output_min: 6, output_max: 13, input_quantity: 2, input_min: 18 },
];

/** Another priced demo season, on a tour other than `tourId`. */
async function otherTourSeason(tourId: number): Promise<PricedSeason> {
  for (let skip = 0; ; skip += 1) {
    const found = await findPricedSeason(call, skip);
    if (found.tourId !== tourId) return found;
  }
}

const seasonPath = (season: PricedSeason, base: string) => `${base}/${season.tourId}/${season.seasonId}`;

beforeAll(async () => {
  call = await apiCaller();
  // Not the seasons the pricing browser test edits, so the two files can run in one server.
  target = await findPricedSeason(call, 3);
  source = await otherTourSeason(target.tourId);
  // The target starts with no supplements and no reductions; the source has two known reductions.
  const party = await call<PartyExtrasList>('GET', seasonPath(target, 'tour-extras') + '/party');
  await call('PUT', seasonPath(target, 'tour-extras') + '/party', {
    version: party.tour_season.version,
    extras: [],
    removed_ids: party.extras.map((extra) => extra.id),
  });
  const reductions = await call<ReductionsList>('GET', seasonPath(target, 'tour-reductions'));
  await call('PUT', seasonPath(target, 'tour-reductions'), {
    version: reductions.tour_season.version,
    reductions: [],
    removed_ids: reductions.reductions.map((reduction) => reduction.id),
  });
  const sourceReductions = await call<ReductionsList>('GET', seasonPath(source, 'tour-reductions'));
  await call('PUT', seasonPath(source, 'tour-reductions'), {
    version: sourceReductions.tour_season.version,
    reductions: SOURCE_REDUCTIONS,
    removed_ids: sourceReductions.reductions.map((reduction) => reduction.id),
  });
  ({ browser, page } = await openLoggedInPage({ width: 1280, height: 800 }));
});
afterAll(() => browser.close());

const supplementCard = () => page.getByRole('region', { name: new RegExp(`^Supplement \\d+: ${SUPPLEMENT}$`) });
const cell = (card: Locator, row: number, colId: string) => card.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
const reductionCell = (row: number, colId: string) => cell(page.getByRole('region', { name: 'Reductions' }), row, colId);

/** The cost the grid should show for a gross on the season's first rate, with the supplement markup. */
function expectedCost(gross: number): string {
  const { model, currency } = target.context;
  const rate = resolveRate(model!.rates, model!.rates[0].id);
  return formatMoney(computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate!.id }, rate, currency!.rate, 'supplement').cost);
}

async function typeInto(target: Locator, text: string) {
  await target.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The three clicks of SPEC.md section 4. */
describe('supplements, reductions and Copy From', () => {
  it('adds a supplement with two variations, prices them with the supplement markup and saves it', async () => {
    await page.goto(seasonTabUrl(target, 'party-extras'));
    await page.getByRole('button', { name: 'Add Supplement' }).click();
    const card = page.getByRole('region', { name: /^Supplement 1$/ });
    await card.getByLabel('Name of supplement 1').fill(SUPPLEMENT);
    await supplementCard().getByRole('button', { name: 'Add variation' }).click();
    const supplement = supplementCard();
    await typeInto(cell(supplement, 0, 'gross'), '120');
    await typeInto(cell(supplement, 1, 'gross'), '[0]-20');
    await typeInto(cell(supplement, 1, 'min_pax'), '3');
    const symbol = target.context.currency!.symbol;
    await expect.poll(() => textOf(cell(supplement, 1, 'gross'))).toBe(formatMoney(100, symbol));
    await expect.poll(() => textOf(cell(supplement, 0, 'cost'))).toBe(expectedCost(120));
    await expect.poll(() => textOf(cell(supplement, 1, 'cost'))).toBe(expectedCost(100));
    expect(await page.getByRole('button', { name: /^Save \d+ rows?$/ }).textContent()).toBe('Save 3 rows');
    await saveWithThreeClicks(page);
    await page.getByText(/^Created extra \d+$/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });

  it('copies the reductions of another tour season, staged until saved', async () => {
    await page.goto(seasonTabUrl(target, 'reductions'));
    await page.getByText('This season has no reductions', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy From' }).click();
    await page.getByRole('combobox', { name: 'Tour', exact: true }).selectOption(String(source.tourId));
    const seasonName = source.context.season_name;
    await page.getByRole('combobox', { name: 'Season', exact: true }).selectOption(String(source.seasonId));
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('#confirm-text').textContent()).toBe(copyConfirmation('reductions', source.tourName, seasonName));
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => textOf(reductionCell(1, 'percent'))).toBe('50');
    await expect.poll(() => textOf(reductionCell(0, 'percent'))).toBe('100');
    await expect.poll(() => textOf(reductionCell(0, 'output_max'))).toBe('5');
    // Staged, not saved: the server still has none.
    expect((await call<ReductionsList>('GET', seasonPath(target, 'tour-reductions'))).reductions).toHaveLength(0);
    await saveWithThreeClicks(page);
    await page
      .getByText(/^Created reduction \d+$/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });

  it('shows the saved supplement and the copied reductions after a reload', async () => {
    await page.goto(seasonTabUrl(target, 'party-extras'));
    const supplement = supplementCard();
    await cell(supplement, 1, 'gross').waitFor();
    const symbol = target.context.currency!.symbol;
    expect([await textOf(cell(supplement, 0, 'gross')), await textOf(cell(supplement, 1, 'gross'))]).toEqual([
      formatMoney(120, symbol),
      formatMoney(100, symbol),
    ]);
    await expect.poll(() => textOf(cell(supplement, 1, 'min_pax'))).toBe('3');
    const stored = await call<PartyExtrasList>('GET', seasonPath(target, 'tour-extras') + '/party');
    expect(stored.extras.map((extra) => [extra.name, extra.variations.map((variation) => variation.formula ?? Number(variation.gross))])).toEqual([
      [SUPPLEMENT, [120, '[0]-20']],
    ]);

    await page.goto(seasonTabUrl(target, 'reductions'));
    await reductionCell(1, 'percent').waitFor();
    expect(await page.getByRole('region', { name: 'Reductions' }).locator('.ag-cell[col-id="percent"]').count()).toBe(2);
    expect([await textOf(reductionCell(0, 'percent')), await textOf(reductionCell(1, 'percent'))]).toEqual(['100', '50']);
    expect([await textOf(reductionCell(1, 'output_min')), await textOf(reductionCell(1, 'output_max'))]).toEqual(['6', '13']);
  });
});
