import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { SeasonPricing, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { copyConfirmation } from '../../src/domain/tours/copy-season-data.js';
import type { RoomExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import { e2eServer, openLoggedInPage } from '../helpers/browser.js';
import { apiCaller, pricingUrl, saveWithThreeClicks, type PricedSeason } from '../helpers/pricing-e2e.js';

let browser: Browser;
let page: Page;
let call: Awaited<ReturnType<typeof apiCaller>>;
/** Season 2026 of one tour is copied into season 2028 of another. */
let source: PricedSeason & { seasonName: string };
let target: PricedSeason;

type ListedTour = { id: number; name: string; seasons: { season_id: number; name: string; markup_model_id: number | null }[] };

/**
 * A priced season of the given name, taken from the end of the tour list so the seasons the
 * pricing and tour-extras browser tests edit (found from the start) are left alone.
 */
async function pricedSeasonNamed(name: string, otherThanTour: number | null): Promise<PricedSeason & { seasonName: string }> {
  const tours = await call<ListedTour[]>('GET', 'tours/all');
  for (const tour of [...tours].reverse()) {
    if (tour.id === otherThanTour) continue;
    const season = tour.seasons.find((candidate) => candidate.name === name && candidate.markup_model_id !== null);
    if (!season) continue;
    const context = await call<TourSeasonPricingContext>('GET', `tour-seasons/${tour.id}/${season.season_id}`);
    if (!context.model?.rates.length || !context.currency?.rate) continue;
    return { tourId: tour.id, tourName: tour.name, seasonId: season.season_id, seasonName: season.name, context };
  }
  throw new Error(`The demo data has no priced season ${name}`);
}

type GroupSpec = { start: string; end: string; specific_dates?: string[]; restricted_dates?: string[]; prices: (number | string)[] };

/** Replaces a season's groups with the given ones, every price on the season's first rate. */
async function putGroups(season: PricedSeason, groups: GroupSpec[]): Promise<SeasonPricing> {
  const path = `tour-pricing/${season.tourId}/${season.seasonId}`;
  const current = await call<SeasonPricing>('GET', path);
  const rate = season.context.model!.rates[0].id;
  return call<SeasonPricing>('PUT', path, {
    version: current.tour_season.version,
    removed_category_ids: current.categories.map((category) => category.id),
    categories: groups.map(({ prices, ...group }) => ({
      nights: 7,
      ...group,
      prices: prices.map((gross) => ({
        gross: typeof gross === 'number' ? gross : 0,
        formula: typeof gross === 'string' ? gross : null,
        non_com: 0,
        adjustment: 0,
        markup_rate_id: rate,
      })),
    })),
  });
}

const SOURCE_GROUPS: GroupSpec[] = [
  { start: '2026-05-01', end: '2026-06-30', specific_dates: ['2026-05-09'], restricted_dates: ['2026-06-13'], prices: [1000, '[0]+100'] },
  { start: '2026-07-01', end: '2026-09-30', prices: [1200] },
];
const TARGET_GROUP: GroupSpec = { start: '2028-04-01', end: '2028-04-30', prices: [500] };

beforeAll(async () => {
  call = await apiCaller();
  source = await pricedSeasonNamed('2026', null);
  target = await pricedSeasonNamed('2028', source.tourId);
  await putGroups(source, SOURCE_GROUPS);
  ({ browser, page } = await openLoggedInPage());
});
afterAll(() => browser.close());

const stored = () => call<SeasonPricing>('GET', `tour-pricing/${target.tourId}/${target.seasonId}`);
const datesOf = (pricing: SeasonPricing) =>
  pricing.categories.map((category) => ({
    start: category.start,
    end: category.end,
    specific_dates: category.specific_dates,
    restricted_dates: category.restricted_dates,
  }));
const formulasOf = (pricing: SeasonPricing) => pricing.categories.flatMap((category) => category.prices.map((price) => price.formula ?? Number(price.gross)));

/** Opens Copy From, picks the source season and the mode, and presses Copy: the preview dialog opens. */
async function startCopy(mode: 'Replace' | 'Append') {
  await page.goto(pricingUrl(target));
  await page.getByText('1 group, 1 price').waitFor();
  await page.getByRole('button', { name: 'Copy From' }).click();
  const panel = page.getByRole('form', { name: 'Copy From' });
  await panel.getByRole('combobox', { name: 'Tour', exact: true }).selectOption(String(source.tourId));
  await panel.getByRole('combobox', { name: 'Season', exact: true }).selectOption(String(source.seasonId));
  await panel.getByRole('radio', { name: mode }).check();
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.locator('#confirm-text').textContent()).toBe(copyConfirmation('pricing', source.tourName, source.seasonName));
  return dialog;
}

describe('Copy From on the pricing tab', () => {
  it('refuses to copy into a season with groups until Replace or Append is chosen', async () => {
    await putGroups(target, [TARGET_GROUP]);
    await page.goto(pricingUrl(target));
    await page.getByText('1 group, 1 price').waitFor();
    await page.getByRole('button', { name: 'Copy From' }).click();
    const panel = page.getByRole('form', { name: 'Copy From' });
    await panel.getByRole('combobox', { name: 'Tour', exact: true }).selectOption(String(source.tourId));
    await panel.getByRole('combobox', { name: 'Season', exact: true }).selectOption(String(source.seasonId));
    await panel.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Choose Replace or Append: this season already has 1 group');
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
  });

  it('Replace previews what it removes and adds with the dates moved to 2028, then replaces the groups', async () => {
    await putGroups(target, [TARGET_GROUP]);
    const dialog = await startCopy('Replace');
    const preview = await dialog.locator('.confirm-details li').allTextContents();
    expect(preview).toEqual([
      'Replace: removes the 1 group and 1 price of this season, adds 2 groups and 3 prices.',
      'Dates move 2 years ahead, from season 2026 into season 2028:',
      '01/05/2026 – 30/06/2026 becomes 01/05/2028 – 30/06/2028',
      '01/07/2026 – 30/09/2026 becomes 01/07/2028 – 30/09/2028',
    ]);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('2 groups, 3 prices').waitFor();
    expect(await page.locator('.group-header').allTextContents()).toEqual([
      expect.stringContaining('01/05/2028 – 30/06/2028'),
      expect.stringContaining('01/07/2028 – 30/09/2028'),
    ]);
    // Staged until saved: the server still has the old group.
    expect(datesOf(await stored())).toEqual([{ start: '2028-04-01', end: '2028-04-30', specific_dates: [], restricted_dates: [] }]);
    await saveWithThreeClicks(page);
    const saved = await stored();
    expect(datesOf(saved)).toEqual([
      { start: '2028-05-01', end: '2028-06-30', specific_dates: ['2028-05-09'], restricted_dates: ['2028-06-13'] },
      { start: '2028-07-01', end: '2028-09-30', specific_dates: [], restricted_dates: [] },
    ]);
    expect(formulasOf(saved)).toEqual([1000, '[0]+100', 1200]);
  });

  it('Append keeps the season groups and adds the copies after them, dated in 2028', async () => {
    await putGroups(target, [TARGET_GROUP]);
    const dialog = await startCopy('Append');
    expect((await dialog.locator('.confirm-details li').allTextContents())[0]).toBe(
      'Append: keeps the 1 group and 1 price of this season, adds 2 groups and 3 prices after them.',
    );
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('3 groups, 4 prices').waitFor();
    await saveWithThreeClicks(page);
    const saved = await stored();
    expect(datesOf(saved).map(({ start, end }) => [start, end])).toEqual([
      ['2028-04-01', '2028-04-30'],
      ['2028-05-01', '2028-06-30'],
      ['2028-07-01', '2028-09-30'],
    ]);
    // The copied reference follows its row, now row 1 of the season.
    expect(formulasOf(saved)).toEqual([500, 1000, '[1]+100', 1200]);
  });
});

type BikesList = { tour_season: TourSeasonPricingContext; bikes: TourBike[] };

/** Replaces a season's bikes with the given ones (bike, order, gross or formula), every one on the season's first rate. */
async function putBikes(season: PricedSeason, bikes: { bike_id: number; order: number; gross: number | string }[]): Promise<BikesList> {
  const path = `tour-bikes/${season.tourId}/${season.seasonId}`;
  const current = await call<BikesList>('GET', path);
  const rate = season.context.model!.rates[0].id;
  return call<BikesList>('PUT', path, {
    version: current.tour_season.version,
    removed_ids: current.bikes.map((bike) => bike.id),
    bikes: bikes.map(({ gross, ...bike }) => ({
      ...bike,
      gross: typeof gross === 'number' ? gross : 0,
      formula: typeof gross === 'string' ? gross : null,
      non_com: 0,
      adjustment: 0,
      markup_rate_id: rate,
    })),
  });
}

describe('Copy From on the bikes tab', () => {
  const bikesUrl = () => `${e2eServer().baseUrl}/tours/${target.tourId}/bikes?season=${target.seasonId}`;
  /** The Order cells of the grid, row by row. */
  const orderColumn = async () => {
    const orders: string[] = [];
    for (let row = 0; ; row += 1) {
      const cell = page.locator(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="order"]`);
      if ((await cell.count()) === 0) return orders;
      orders.push(((await cell.textContent()) ?? '').trim());
    }
  };
  const storedBikes = async () => (await call<BikesList>('GET', `tour-bikes/${target.tourId}/${target.seasonId}`)).bikes;

  /** Copies the source season's bikes with the mode chosen and answers the preview's lines. */
  async function copyBikes(mode: 'Replace' | 'Append') {
    await page.goto(bikesUrl());
    await page.locator('.price-grid .ag-row[row-index="0"]').waitFor();
    await page.getByRole('button', { name: 'Copy From' }).click();
    const panel = page.getByRole('form', { name: 'Copy From' });
    await panel.getByRole('combobox', { name: 'Tour', exact: true }).selectOption(String(source.tourId));
    await panel.getByRole('combobox', { name: 'Season', exact: true }).selectOption(String(source.seasonId));
    await panel.getByRole('radio', { name: mode }).check();
    await panel.getByRole('button', { name: 'Copy', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('#confirm-text').textContent()).toBe(copyConfirmation('bikes', source.tourName, source.seasonName));
    const preview = await dialog.locator('.confirm-details li').allTextContents();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    return preview;
  }

  it('Replace puts the source bikes in place of this season’s, formulas pointing at the copies', async () => {
    const bikes = await call<{ id: number }[]>('GET', 'bikes');
    const [first, second, third] = bikes.map((bike) => bike.id);
    const copied = await putBikes(source, [
      { bike_id: first, order: 1, gross: 200 },
      { bike_id: second, order: 2, gross: '[0]+50' },
    ]);
    await putBikes(target, [{ bike_id: third, order: 1, gross: 90 }]);
    expect(await copyBikes('Replace')).toEqual(['Replace: removes the 1 bike of this season, adds 2 bikes.']);
    // Order follows the row's position: the copies, in the source's order, are rows 1 and 2.
    await expect.poll(() => orderColumn()).toEqual(copied.bikes.map((_, index) => String(index + 1)));
    await saveWithThreeClicks(page);
    expect((await storedBikes()).map((bike) => [bike.bike_id, bike.formula ?? Number(bike.gross)])).toEqual([
      [first, 200],
      [second, '[0]+50'],
    ]);
  });

  it('Append keeps this season’s bikes and orders the copies after them', async () => {
    const [first, second, third] = (await call<{ id: number }[]>('GET', 'bikes')).map((bike) => bike.id);
    await putBikes(source, [
      { bike_id: first, order: 1, gross: 200 },
      { bike_id: second, order: 2, gross: '[0]+50' },
    ]);
    await putBikes(target, [{ bike_id: third, order: 1, gross: 90 }]);
    expect(await copyBikes('Append')).toEqual(['Append: keeps the 1 bike of this season, adds 2 bikes after them.']);
    // Order follows the row's position: the copies are appended after the bike this season keeps.
    await expect.poll(() => orderColumn()).toEqual(['1', '2', '3']);
    await saveWithThreeClicks(page);
    expect((await storedBikes()).map((bike) => [bike.bike_id, bike.formula ?? Number(bike.gross)])).toEqual([
      [third, 90],
      [first, 200],
      [second, '[1]+50'],
    ]);
  });
});

describe('Copy From on the extra nights tab', () => {
  const roomPath = (season: PricedSeason) => `tour-extras/${season.tourId}/${season.seasonId}/room`;

  /** Replaces a season's extra nights with one, of the given name and dated variations, on the season's first rate. */
  async function putExtraNight(season: PricedSeason, name: string, variations: { start: string; end: string; restricted_dates?: string[]; gross: number }[]) {
    const current = await call<RoomExtrasList>('GET', roomPath(season));
    const rate = season.context.model!.rates[0].id;
    await call('PUT', roomPath(season), {
      version: current.tour_season.version,
      removed_ids: current.extras.map((extra) => extra.id),
      extras: [
        {
          name,
          pre: true,
          post: true,
          variations: variations.map((variation) => ({ ...variation, formula: null, non_com: 0, adjustment: 0, markup_rate_id: rate })),
        },
      ],
    });
  }

  it('Replace previews the moved dates and saves the copied extra night dated in 2028 in place of the stored one', async () => {
    await putExtraNight(source, 'Extra night in Konstanz', [
      { start: '2026-04-01', end: '2026-06-30', restricted_dates: ['2026-05-01'], gross: 80 },
      { start: '2026-04-01', end: '2026-06-30', gross: 95 },
    ]);
    await putExtraNight(target, 'Extra night in Passau', [{ start: '2028-05-01', end: '2028-09-30', gross: 60 }]);
    await page.goto(`${e2eServer().baseUrl}/tours/${target.tourId}/room-extras?season=${target.seasonId}`);
    await page.getByRole('region', { name: /^Extra night 1: Extra night in Passau$/ }).waitFor();
    await page.getByRole('button', { name: 'Copy From' }).click();
    const panel = page.getByRole('form', { name: 'Copy From' });
    await panel.getByRole('combobox', { name: 'Tour', exact: true }).selectOption(String(source.tourId));
    await panel.getByRole('combobox', { name: 'Season', exact: true }).selectOption(String(source.seasonId));
    await panel.getByRole('radio', { name: 'Replace' }).check();
    await panel.getByRole('button', { name: 'Copy', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('#confirm-text').textContent()).toBe(copyConfirmation('extra nights', source.tourName, source.seasonName));
    expect(await dialog.locator('.confirm-details li').allTextContents()).toEqual([
      'Replace: removes the 1 extra night and 1 variation of this season, adds 1 extra night and 2 variations.',
      'Dates move 2 years ahead, from season 2026 into season 2028:',
      '01/04/2026 – 30/06/2026 becomes 01/04/2028 – 30/06/2028',
    ]);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('region', { name: /^Extra night 1: Extra night in Konstanz$/ }).waitFor();
    expect(await page.getByRole('region', { name: /^Extra night \d+: Extra night in Passau$/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^Save \d+ rows?$/ }).click();
    await page.getByRole('button', { name: 'Are you sure?' }).click();
    await page.getByRole('button', { name: 'Saving' }).click();
    await page.getByText(/^Created extra \d+$/).waitFor();
    const saved = await call<RoomExtrasList>('GET', roomPath(target));
    expect(saved.extras.map((extra) => [extra.name, extra.variations.map(({ start, end, restricted_dates }) => [start, end, restricted_dates])])).toEqual([
      [
        'Extra night in Konstanz',
        [
          ['2028-04-01', '2028-06-30', ['2028-05-01']],
          ['2028-04-01', '2028-06-30', []],
        ],
      ],
    ]);
  });
});
