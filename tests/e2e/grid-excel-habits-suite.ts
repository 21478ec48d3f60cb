// Issue 27, "Excel habits still missing", in Chromium: a formula in error shows Excel's code;
// Ctrl+F and Ctrl+H open Find and Find & Replace, folded away until then.

import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RoomExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import { e2eServer } from '../helpers/browser.js';
import {
  cellText,
  openPricingSession,
  priceCell,
  resetBikesAndSupplement,
  resetPrices,
  typeInto,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';

/** Excel's habits in the price grids; Find on the supplements and extra nights tabs repeats the bikes tab's case in test:stress. */
export function describeGridExcelHabits(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('grid Excel habits', () => {
    let browser: Browser;
    let page: Page;
    let season: PricedSeason;
    let call: Caller;

    beforeAll(async () => {
      ({ browser, page, season, call } = await openPricingSession({ clipboard: true }));
    });
    afterAll(() => browser.close());

    async function openPricing(grosses: (number | string)[]) {
      await resetPrices(call, season, grosses);
      await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
      await priceCell(page, 0, 'gross').waitFor();
    }

    /** Replaces the season's extra nights with one of a single variation at 90. */
    async function resetExtraNight(caller: Caller, where: PricedSeason) {
      const path = `tour-extras/${where.tourId}/${where.seasonId}/room`;
      const list = await caller<RoomExtrasList>('GET', path);
      const variation = { start: '2026-05-01', end: '2026-05-30', room_type_id: null, accommodation_category_id: null, gross: 90, formula: null };
      await caller('PUT', path, {
        version: list.tour_season.version,
        removed_ids: list.extras.map((extra) => extra.id),
        extras: [
          {
            name: 'Find nights',
            pre: true,
            post: true,
            variations: [{ ...variation, non_com: 0, adjustment: 0, markup_rate_id: where.context.model!.rates[0].id }],
          },
        ],
      });
    }

    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    /** The tooltip a cell shows on hover. */
    async function tooltipOf(index: number, colId: string): Promise<string> {
      await page.mouse.move(0, 0);
      await page.locator('.ag-tooltip').waitFor({ state: 'detached' });
      await priceCell(page, index, colId).hover();
      await page.locator('.ag-tooltip').waitFor();
      return (await page.locator('.ag-tooltip').textContent()) ?? '';
    }

    onceGroup("a formula in error shows Excel's code", () => {
      once('shows #DIV/0!, #CIRC!, #REF! and #VALUE! in the gross and computed cells, the explanation on hover', async () => {
        await openPricing([100, 200, 300, 400, 500]);
        await typeInto(page, 1, 'gross', '[0]/0');
        await expect.poll(() => cellText(page, 1, 'gross')).toBe('#DIV/0!');
        expect([await cellText(page, 1, 'net'), await cellText(page, 1, 'cost'), await cellText(page, 1, 'profit')]).toEqual(['#DIV/0!', '#DIV/0!', '#DIV/0!']);
        expect(await tooltipOf(1, 'gross')).toBe('Division by zero (formula: [0]/0)');

        // A row using a row in error shows that row's code, as Excel passes it on.
        await typeInto(page, 2, 'gross', '[1]+1');
        await expect.poll(() => cellText(page, 2, 'gross')).toBe('#DIV/0!');
        expect(await tooltipOf(2, 'gross')).toBe('Refers to row 1, which has an error (formula: [1]+1)');

        await typeInto(page, 3, 'gross', '[3]*2');
        await expect.poll(() => cellText(page, 3, 'gross')).toBe('#CIRC!');
        await typeInto(page, 4, 'gross', '[40]+1');
        await expect.poll(() => cellText(page, 4, 'gross')).toBe('#REF!');
        expect(await tooltipOf(4, 'gross')).toBe('Refers to row 40, beyond the last row (4) (formula: [40]+1)');
        await typeInto(page, 0, 'gross', '1+');
        await expect.poll(() => cellText(page, 0, 'gross')).toBe('#VALUE!');
      });

      once('copies the gross of a row in error as its formula and its computed cells as the code', async () => {
        await openPricing([100, '[0]+1']);
        await typeInto(page, 1, 'gross', '[0]/0');
        await expect.poll(() => cellText(page, 1, 'net')).toBe('#DIV/0!');
        await priceCell(page, 1, 'gross').click();
        await page.keyboard.press('Control+C');
        await expect.poll(clipboard).toBe('=[0]/0');
        await priceCell(page, 1, 'net').click();
        await page.keyboard.press('Control+C');
        await expect.poll(clipboard).toBe('#DIV/0!');
      });
    });

    const findField = () => page.getByLabel('Find', { exact: true });
    const replaceField = () => page.getByLabel('Replace with');
    const isFocused = (locator: ReturnType<typeof findField>) => locator.evaluate((element) => element === document.activeElement);
    /** The grid cell that has the keyboard focus, as [row-index, col-id], or null. */
    const focusedGridCell = () =>
      page.evaluate(() => {
        const cell = document.activeElement?.closest('.price-grid .ag-cell');
        return cell ? [cell.closest('.ag-row')?.getAttribute('row-index') ?? '', cell.getAttribute('col-id') ?? ''] : null;
      });
    /**
     * Whether the page took the last F or H key for itself (the browser's own Find or History then
     * stays shut): read once the event has been through every handler, which may stop it on the way.
     */
    const watchDefaultPrevented = () =>
      page.evaluate(() => {
        const seen = window as unknown as { lastKeyPrevented?: boolean };
        seen.lastKeyPrevented = undefined;
        window.addEventListener(
          'keydown',
          (event) => {
            if (event.key === 'f' || event.key === 'h') setTimeout(() => (seen.lastKeyPrevented = event.defaultPrevented));
          },
          true,
        );
      });
    const lastKeyPrevented = () => page.evaluate(() => (window as unknown as { lastKeyPrevented?: boolean }).lastKeyPrevented);

    describe('Ctrl+F opens Find and Ctrl+H Find & Replace; the bar is folded away until then', () => {
      once('opens Find from a cell, highlights what it finds without changing it, and Escape gives the focus back to the cell', async () => {
        await openPricing([675, 1675, 675, 300]);
        await watchDefaultPrevented();
        expect(await findField().count()).toBe(0);
        await priceCell(page, 2, 'gross').click();
        await page.keyboard.press('Control+f');
        await expect.poll(() => isFocused(findField())).toBe(true);
        await expect.poll(lastKeyPrevented).toBe(true);
        expect(await replaceField().count()).toBe(0);

        await page.keyboard.type('675');
        await page.keyboard.press('Enter');
        await page.getByText('3 cells found').waitFor();
        await expect.poll(() => page.locator('.price-grid .ag-cell.find-match').count()).toBe(3);
        // Enter again finds again: Find never replaces.
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 0, 'gross')).toBe(await cellText(page, 2, 'gross'));

        await page.keyboard.press('Escape');
        await findField().waitFor({ state: 'detached' });
        await expect.poll(focusedGridCell).toEqual(['3', 'gross']);
        expect(await page.locator('.price-grid .ag-cell.find-match').count()).toBe(0);
        // The grid has the keyboard again: the arrows move from that cell.
        await page.keyboard.press('ArrowDown');
        await expect.poll(focusedGridCell).toEqual(['4', 'gross']);
      });

      once('opens Find & Replace with Ctrl+H from outside the grid and with the button, Escape closing it', async () => {
        await openPricing([675, 300]);
        await watchDefaultPrevented();
        await page.getByRole('button', { name: 'Add Group' }).focus();
        await page.keyboard.press('Control+h');
        await expect.poll(() => isFocused(findField())).toBe(true);
        await expect.poll(lastKeyPrevented).toBe(true);
        await replaceField().waitFor();
        await page.keyboard.press('Escape');
        await findField().waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Find & Replace' }).click();
        await expect.poll(() => isFocused(findField())).toBe(true);
        await replaceField().waitFor();
        await page.keyboard.press('Escape');
        await findField().waitFor({ state: 'detached' });
        await expect.poll(focusedGridCell).not.toBeNull();
      });

      for (const { tab, what } of [
        { tab: 'bikes', what: 'the bikes tab' },
        { tab: 'party-extras', what: 'the supplements tab' },
        { tab: 'room-extras', what: 'the extra nights tab' },
      ]) {
        // The supplements and extra nights tabs repeat the bikes tab's case: npm run test:stress.
        (tab === 'bikes' ? once : repeat)(`works the same on ${what}`, async () => {
          await resetBikesAndSupplement(call, season, 'Find me');
          await resetExtraNight(call, season);
          await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/${tab}?season=${season.seasonId}`);
          const gross = page.locator('.price-grid .ag-row[row-index="0"] .ag-cell[col-id="gross"]').first();
          await gross.waitFor();
          expect(await findField().count()).toBe(0);
          await gross.click();
          await page.keyboard.press('Control+f');
          await expect.poll(() => isFocused(findField())).toBe(true);
          await page.keyboard.press('Escape');
          await findField().waitFor({ state: 'detached' });
          await expect.poll(focusedGridCell).toEqual(['0', 'gross']);
          // Focus off the grid, on the page itself. (A click at the tab bar's corner landed on its first
          // tab link: the key then raced that tab's navigation, and failed once the navigation won.)
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
          await page.keyboard.press('Control+h');
          await replaceField().waitFor();
        });
      }
    });
  });
}
