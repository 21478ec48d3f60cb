import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
import { logIn } from '../helpers/browser.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';
import {
  openPricingSession,
  pricingUrl,
  resetBikesAndSupplement,
  resetPrices,
  saveWithThreeClicks,
  seasonTabUrl,
  typeInto,
  type PricingSession,
} from '../helpers/pricing-e2e.js';

// Issue 29: two clerks on one season's pricing tab. A save made stale by the other's save is
// merged onto it, cell by cell, instead of asking for a reload that would lose the typing.

/** The season-merge cases: the price grid's in npm test, the other tabs' and the second choice in test:stress. */
export function describeSeasonMerge(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat, repeatGroup } = sweepCases(sweep);
  describe('season merge', () => {
    let session: PricingSession;
    let other: Page;

    beforeAll(async () => {
      // Its own season (the 12th priced one), so no other file shares its rows.
      session = await openPricingSession({ skip: 11 });
      other = await (await session.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await logIn(other);
    });
    afterAll(() => session.browser.close());

    const stored = async () => {
      const pricing = await session.call<SeasonPricing>('GET', `tour-pricing/${session.season.tourId}/${session.season.seasonId}`);
      return pricing.categories.flatMap((category) => category.prices.map((price) => price.formula ?? Number(price.gross)));
    };

    describe('two clerks saving one season', () => {
      /** Both clerks open the season as it is now: five prices, 100 to 500. */
      beforeEach(async () => {
        await resetPrices(session.call, session.season, [100, 200, 300, 400, 500]);
        for (const page of [session.page, other]) {
          await page.goto(pricingUrl(session.season));
          await page.locator('.price-grid .ag-row[row-index="5"]').waitFor();
        }
      });

      once('stores both when they changed different cells, and says what was merged', async () => {
        await typeInto(other, 0, 'gross', '111');
        await saveWithThreeClicks(other);
        await typeInto(session.page, 2, 'gross', '333');
        await saveWithThreeClicks(session.page);
        await expect.poll(stored).toEqual([111, 200, 333, 400, 500]);
        await expect
          .poll(() =>
            session.page
              .getByRole('status')
              .filter({ hasText: /Merged with .*'s save of .*: 1 of your changes kept/ })
              .count(),
          )
          .toBe(1);
        // The merged grid shows both, and nothing is left to save.
        await expect.poll(() => session.page.locator('.price-grid .ag-row[row-index="1"] .ag-cell[col-id="gross"]').textContent()).toContain('111.00');
      });

      for (const choice of ['Yours', 'Theirs'] as const) {
        (choice === 'Yours' ? once : repeat)(`shows both values when both changed one cell, and stores ${choice.toLowerCase()} when chosen`, async () => {
          await typeInto(other, 1, 'gross', '250');
          await saveWithThreeClicks(other);
          await typeInto(session.page, 1, 'gross', '275');
          await typeInto(session.page, 3, 'gross', '444');
          await session.page.getByRole('button', { name: /^Save \d+ rows?$/ }).click();
          await session.page.getByRole('button', { name: 'Are you sure?' }).click();
          await session.page.getByRole('button', { name: 'Saving' }).click();
          const dialog = session.page.getByRole('dialog', { name: 'Both of you changed the same cells' });
          await dialog.waitFor();
          expect(await dialog.getByRole('row', { name: /Row \[1\], Gross/ }).textContent()).toMatch(/200\.00.*275\.00.*250\.00/);
          await dialog.getByRole('radio', { name: `Row [1], Gross: keep ${choice === 'Yours' ? 'yours' : 'theirs'}` }).check();
          await dialog.getByRole('button', { name: 'Save my choices' }).click();
          await expect.poll(stored).toEqual([100, choice === 'Yours' ? 275 : 250, 300, 444, 500]);
        });
      }

      once('leaves the staged edits as they were when the clerk cancels the conflicts', async () => {
        await typeInto(other, 1, 'gross', '250');
        await saveWithThreeClicks(other);
        await typeInto(session.page, 1, 'gross', '275');
        await session.page.getByRole('button', { name: /^Save 1 row$/ }).click();
        await session.page.getByRole('button', { name: 'Are you sure?' }).click();
        await session.page.getByRole('button', { name: 'Saving' }).click();
        const dialog = session.page.getByRole('dialog', { name: 'Both of you changed the same cells' });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await stored()).toEqual([100, 250, 300, 400, 500]);
        expect(await session.page.getByRole('button', { name: 'Save 1 row' }).isEnabled()).toBe(true);
        expect(await session.page.locator('.price-grid .ag-row[row-index="2"] .ag-cell[col-id="gross"]').textContent()).toContain('275.00');
      });

      once('asks about a row the other deleted that the clerk changed, and keeps it when told', async () => {
        // The other clerk deletes price row 4 (500) through the API, as a save of the season without it.
        const current = await session.call<SeasonPricing>('GET', `tour-pricing/${session.season.tourId}/${session.season.seasonId}`);
        const [group] = current.categories;
        await session.call('PUT', `tour-pricing/${session.season.tourId}/${session.season.seasonId}`, {
          version: current.tour_season.version,
          removed_category_ids: [],
          categories: [{ ...group, prices: group.prices.slice(0, 4) }],
        });
        await typeInto(session.page, 4, 'gross', '555');
        await session.page.getByRole('button', { name: /^Save 1 row$/ }).click();
        await session.page.getByRole('button', { name: 'Are you sure?' }).click();
        await session.page.getByRole('button', { name: 'Saving' }).click();
        const dialog = session.page.getByRole('dialog', { name: 'Both of you changed the same cells' });
        await dialog.getByRole('button', { name: 'Keep all mine' }).click();
        await expect.poll(stored).toEqual([100, 200, 300, 400, 555]);
      });
    });

    onceGroup('two clerks saving one season’s bikes', () => {
      once('stores both when they changed different bikes', async () => {
        await resetBikesAndSupplement(session.call, session.season, 'Merge');
        const bikeGross = (page: Page, row: number) => page.locator(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`);
        for (const page of [session.page, other]) {
          await page.goto(seasonTabUrl(session.season, 'bikes'));
          await bikeGross(page, 1).waitFor();
        }
        await bikeGross(other, 0).click();
        await other.keyboard.type('45\n');
        await saveWithThreeClicks(other);
        await bikeGross(session.page, 1).click();
        await session.page.keyboard.type('=[0]+20\n');
        await saveWithThreeClicks(session.page);
        const bikes = async () => {
          const stored = await session.call<{ bikes: { gross: string; formula: string | null }[] }>(
            'GET',
            `tour-bikes/${session.season.tourId}/${session.season.seasonId}`,
          );
          return stored.bikes.map((bike) => bike.formula ?? Number(bike.gross));
        };
        await expect.poll(bikes).toEqual([45, '[0]+20']);
      });
    });

    repeatGroup('two clerks saving one season’s reductions', () => {
      repeat('stores both when they changed different reductions', async () => {
        const path = `tour-reductions/${session.season.tourId}/${session.season.seasonId}`;
        const current = await session.call<ReductionsList>('GET', path);
        await session.call('PUT', path, {
          version: current.tour_season.version,
          reductions: [
            { order: 1, percent: 100, output_quantity: 1, output_min: 0, output_max: 5 },
            { order: 2, percent: 50, output_quantity: 1, output_min: 6, output_max: 13 },
          ],
          removed_ids: current.reductions.map((reduction) => reduction.id),
        });
        const percent = (page: Page, row: number) =>
          page.getByRole('region', { name: 'Reductions' }).locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="percent"]`);
        for (const page of [session.page, other]) {
          await page.goto(seasonTabUrl(session.season, 'reductions'));
          await percent(page, 1).waitFor();
        }
        await percent(other, 0).click();
        await other.keyboard.type('90\n');
        await saveWithThreeClicks(other);
        await percent(session.page, 1).click();
        await session.page.keyboard.type('40\n');
        await saveWithThreeClicks(session.page);
        const percents = async () => (await session.call<ReductionsList>('GET', path)).reductions.map((reduction) => Number(reduction.percent));
        await expect.poll(percents).toEqual([90, 40]);
      });
    });

    repeatGroup('two clerks saving one season’s supplements', () => {
      repeat('stores both when they changed different variations', async () => {
        await resetBikesAndSupplement(session.call, session.season, 'Merge');
        const variationGross = (page: Page, row: number) => page.locator(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="gross"]`).first();
        for (const page of [session.page, other]) {
          await page.goto(seasonTabUrl(session.season, 'party-extras'));
          await variationGross(page, 1).waitFor();
        }
        await variationGross(other, 0).click();
        await other.keyboard.type('55\n');
        await saveWithThreeClicks(other);
        await variationGross(session.page, 1).click();
        await session.page.keyboard.type('=[0]*3\n');
        await saveWithThreeClicks(session.page);
        const variations = async () => {
          const stored = await session.call<{ extras: { variations: { gross: string; formula: string | null }[] }[] }>(
            'GET',
            `tour-extras/${session.season.tourId}/${session.season.seasonId}/party`,
          );
          return stored.extras[0].variations.map((variation) => variation.formula ?? Number(variation.gross));
        };
        await expect.poll(variations).toEqual([55, '[0]*3']);
      });
    });
  });
}
