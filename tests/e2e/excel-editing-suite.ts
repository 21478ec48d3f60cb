// Issue 27: the grid's keyboard as Excel's Ready / Enter / Edit modes. Each defect the trial found
// keeps its test here, on the pricing tab of its own demo season, with the keys the clerk pressed.

import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '../../src/domain/format-money.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { rateOptions } from '../../src/screens/tour-season/rate-options.js';
import { e2eServer } from '../helpers/browser.js';
import { focusedCell } from '../helpers/keyboard.js';
import type { RoomExtrasList } from '../../src/domain/tours/tour-extras-schemas.js';
import type { ReductionsList } from '../../src/domain/tours/tour-reductions-schemas.js';
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

/** Excel's editing keys on the price grids: the supplement and extra-night variation grids' repeat of the bikes grid's case runs in test:stress. */
export function describeExcelEditing(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('Excel editing', () => {
    let browser: Browser;
    let page: Page;
    let season: PricedSeason;
    let call: Caller;

    beforeAll(async () => {
      ({ browser, page, season, call } = await openPricingSession({ skip: 9, clipboard: true }));
    });
    afterAll(() => browser.close());

    const local = (value: number) => formatMoney(value, season.context.currency!.symbol);
    const rates = () => season.context.model!.rates;
    const label = (rateId: number) => rateOptions(rates()).find((option) => option.value === rateId)!.label;
    const modeShown = () => page.locator('.price-grid-status-mode').textContent();
    const statusShown = () => page.locator('.price-grid-status').textContent();
    /** The price row (`#`) and column the keyboard is on: the grid's one group header is displayed row 0. */
    const cursor = async () => {
      const here = await focusedCell(page);
      return here ? [here.row - 1, here.col] : null;
    };
    /** What a gross cell holds, as F2 shows it (a formula's text, without '='); Escape leaves it as it was. */
    const contentOf = async (index: number) => {
      await priceCell(page, index, 'gross').click();
      await page.keyboard.press('F2');
      const value = await page.locator('.price-grid input.price-cell-input').inputValue();
      await page.keyboard.press('Escape');
      await expect.poll(modeShown).toBe('Ready');
      return value;
    };
    const stored = () => call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);

    /** One group of these grosses (a string is a formula), on the season's first rate. */
    async function openSeason(grosses: readonly (number | string)[]) {
      await resetPrices(call, season, grosses);
      await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
      await priceCell(page, grosses.length - 1, 'gross').waitFor();
    }

    const GROSSES = [500, 510, 520, 530, 540, 550, 560, 570, 580, 590, 600, 610, 620, 630, 640, 650];

    onceGroup('Tab and Enter store, and leave the next cell in Ready mode (defect 1)', () => {
      once('moves down from Non-com with ArrowDown after a Tab, and 7 lands in the row below, not after the 5', async () => {
        await openSeason(GROSSES);
        await typeInto(page, 3, 'non_com', '5');
        await priceCell(page, 3, 'gross').click();
        await page.keyboard.type('821');
        await page.keyboard.press('Tab');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.type('7');
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 4, 'non_com')).toBe(local(7));
        expect([await cellText(page, 3, 'gross'), await cellText(page, 3, 'non_com')]).toEqual([local(821), local(5)]);
        expect([await cursor(), await modeShown()]).toEqual([[5, 'non_com'], 'Ready']);
      });

      once('replaces an adjustment reached by Tab, rather than typing after it', async () => {
        await openSeason(GROSSES);
        await typeInto(page, 6, 'adjustment', '5');
        await priceCell(page, 6, 'non_com').click();
        await page.keyboard.type('3');
        // Non-com, Commission, Net, Subtotal, Adjustment.
        for (let tab = 0; tab < 4; tab += 1) await page.keyboard.press('Tab');
        await page.keyboard.type('50');
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 6, 'adjustment')).toBe(formatMoney(50));
        await expect.poll(() => cellText(page, 6, 'non_com')).toBe(local(3));
      });

      once('replaces a formula reached by Shift+Tab, rather than typing after it', async () => {
        await openSeason([...GROSSES.slice(0, 8), '[2]+50', ...GROSSES.slice(9)]);
        await priceCell(page, 8, 'non_com').click();
        await page.keyboard.type('4');
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.type('700');
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 8, 'gross')).toBe(local(700));
        await expect.poll(() => contentOf(8)).toBe('700');
      });

      once('goes back to the column a run of Tabs started in when Enter ends it, as Excel does', async () => {
        await openSeason(GROSSES);
        await priceCell(page, 9, 'gross').click();
        await page.keyboard.type('111');
        await page.keyboard.press('Tab');
        await page.keyboard.type('2');
        await page.keyboard.press('Enter');
        await expect.poll(cursor).toEqual([10, 'gross']);
        expect([await cellText(page, 9, 'gross'), await cellText(page, 9, 'non_com')]).toEqual([local(111), local(2)]);
      });
    });

    onceGroup('a choice cell changes only when the clerk opens it on purpose (defect 2)', () => {
      once('keeps the commission when Tab reaches it and ArrowDown moves on', async () => {
        await openSeason(GROSSES);
        const commission = await cellText(page, 6, 'markup_rate_id');
        const net = await cellText(page, 6, 'net');
        await priceCell(page, 6, 'non_com').click();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await page.keyboard.press('ArrowDown');
        await expect.poll(cursor).toEqual([7, 'markup_rate_id']);
        expect([await cellText(page, 6, 'markup_rate_id'), await cellText(page, 6, 'net'), await modeShown()]).toEqual([commission, net, 'Ready']);
      });

      once('refuses a typed percentage the model lacks, naming it, and takes one it has', async () => {
        await openSeason(GROSSES);
        const commission = await cellText(page, 6, 'markup_rate_id');
        await priceCell(page, 6, 'markup_rate_id').click();
        await page.keyboard.type('50');
        await page.keyboard.press('Enter');
        await expect.poll(statusShown).toContain("Row 6, Commission: no rate of 50% in the season's model");
        expect(await modeShown()).toBe('Edit');
        await page.keyboard.press('Escape');
        await expect.poll(() => cellText(page, 6, 'markup_rate_id')).toBe(commission);

        const other = rates().find((rate) => label(rate.id) === `${rate.commission}%` && label(rate.id) !== commission);
        expect(other, 'the demo model has a second commission').toBeDefined();
        await page.keyboard.type(String(other!.commission));
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 6, 'markup_rate_id')).toBe(label(other!.id));
      });

      once('opens the list with Alt+Down, where Down and Enter pick the next rate', async () => {
        await openSeason(GROSSES);
        const labels = rateOptions(rates()).map((option) => option.label);
        await priceCell(page, 2, 'markup_rate_id').click();
        await page.keyboard.press('Alt+ArrowDown');
        await page.getByRole('listbox', { name: 'Commission of row 2' }).waitFor();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 2, 'markup_rate_id')).toBe(labels[1]);
        expect(await cursor()).toEqual([3, 'markup_rate_id']);
      });
    });

    onceGroup('references on cut, copy and fill', () => {
      once('moves the references to a cut gross to where it is pasted (defect 4)', async () => {
        await openSeason([...GROSSES.slice(0, 12), '[10]+280', ...GROSSES.slice(13)]);
        await typeInto(page, 10, 'gross', '821');
        await expect.poll(() => cellText(page, 12, 'gross')).toBe(local(1101));
        await priceCell(page, 10, 'gross').click();
        await page.keyboard.press('Control+x');
        await priceCell(page, 14, 'gross').click();
        await page.keyboard.press('Control+v');
        await expect.poll(() => cellText(page, 14, 'gross')).toBe(local(821));
        expect([await cellText(page, 10, 'gross'), await cellText(page, 12, 'gross')]).toEqual(['', local(1101)]);
        await expect.poll(() => contentOf(12)).toBe('[14]+280');
      });

      once('moves a pasted formula’s references by the rows between, as Ctrl+D does (defect 5)', async () => {
        await openSeason([...GROSSES.slice(0, 5), '[3]*1.1', ...GROSSES.slice(6)]);
        await priceCell(page, 5, 'gross').click();
        await page.keyboard.press('Control+c');
        await priceCell(page, 12, 'gross').click();
        await page.keyboard.press('Control+v');
        await expect.poll(() => cellText(page, 12, 'gross')).toBe(local(600 * 1.1));
        await expect.poll(() => contentOf(12)).toBe('[10]*1.1');
        await priceCell(page, 12, 'gross').click();
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Control+d');
        await expect.poll(() => cellText(page, 13, 'gross')).toBe(local(610 * 1.1));
        await expect.poll(() => contentOf(13)).toBe('[11]*1.1');
      });
    });

    onceGroup('Excel habits', () => {
      once('keeps the active cell where Shift+arrows started: Backspace edits that cell', async () => {
        await openSeason(GROSSES);
        await priceCell(page, 2, 'gross').click();
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('9');
        await page.keyboard.press('Enter');
        await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(9));
        expect([await cellText(page, 3, 'gross'), await cellText(page, 4, 'gross')]).toEqual([local(530), local(540)]);
      });

      once('fills right with Ctrl+R and shows a formula error as Excel’s code, explained in the status line', async () => {
        await openSeason(GROSSES);
        await priceCell(page, 1, 'gross').click();
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Control+r');
        await expect.poll(() => cellText(page, 1, 'non_com')).toBe(local(510));
        await typeInto(page, 3, 'gross', '[3]+1');
        await expect.poll(() => cellText(page, 3, 'gross')).toBe('#CIRC!');
        await priceCell(page, 3, 'gross').click();
        await expect.poll(statusShown).toContain('Row 3, Gross: #CIRC! Circular reference (formula: [3]+1)');
      });

      once('saves what was typed, and only that', async () => {
        await openSeason(GROSSES);
        await priceCell(page, 0, 'gross').click();
        await page.keyboard.type('505');
        await page.keyboard.press('Tab');
        await page.keyboard.type('1');
        await page.keyboard.press('Enter');
        // Ctrl+S three times: the three-click save.
        const saveButton = page.locator('.toolbar-end button[aria-live]');
        for (const next of ['Are you sure?', 'Saving']) {
          await page.keyboard.press('Control+s');
          await expect.poll(() => saveButton.textContent()).toBe(next);
        }
        await page.keyboard.press('Control+s');
        await expect
          .poll(async () => (await stored()).categories[0].prices.slice(0, 2).map((price) => [Number(price.gross), Number(price.non_com)]))
          .toEqual([
            [505, 1],
            [510, 0],
          ]);
      });
    });

    /** One extra night of two variations, and two reductions: the other grids' rows to type in. */
    async function resetExtraNightsAndReductions() {
      const rate = season.context.model!.rates[0].id;
      const roomPath = `tour-extras/${season.tourId}/${season.seasonId}/room`;
      const variation = (start: string, end: string, gross: number) => ({
        start,
        end,
        room_type_id: null,
        accommodation_category_id: null,
        gross,
        formula: null,
        non_com: 0,
        adjustment: 0,
        markup_rate_id: rate,
      });
      const rooms = await call<RoomExtrasList>('GET', roomPath);
      await call('PUT', roomPath, {
        version: rooms.tour_season.version,
        removed_ids: rooms.extras.map((extra) => extra.id),
        extras: [
          {
            name: 'Keyboard nights',
            pre: true,
            post: true,
            variations: [variation('2026-05-01', '2026-05-30', 90), variation('2026-06-01', '2026-06-30', 80)],
          },
        ],
      });
      const reductionsPath = `tour-reductions/${season.tourId}/${season.seasonId}`;
      const reductions = await call<ReductionsList>('GET', reductionsPath);
      await call('PUT', reductionsPath, {
        version: reductions.tour_season.version,
        removed_ids: reductions.reductions.map((reduction) => reduction.id),
        reductions: [
          { order: 1, percent: 100, reduction_cost: 10, output_quantity: 1, output_min: 0, output_max: 5 },
          { order: 2, percent: 50, reduction_cost: 20, output_quantity: 1, output_min: 6, output_max: 13 },
        ],
      });
    }

    describe('the same keys on the other grids', () => {
      beforeAll(async () => {
        await resetBikesAndSupplement(call, season, 'Keyboard supplement');
        await resetExtraNightsAndReductions();
      });

      for (const [tab, grid, first, next] of [
        ['bikes', 'Bikes', 'gross', 'non_com'],
        ['party-extras', 'Variations of Supplement 1: Keyboard supplement', 'gross', 'non_com'],
        ['room-extras', 'Variations of Extra night 1: Keyboard nights', 'gross', 'non_com'],
        ['reductions', 'Reductions', 'percent', 'reduction_cost'],
      ]) {
        // The two variation grids repeat the bikes grid's case: npm run test:stress.
        const sweepCase = tab.endsWith('-extras') ? repeat : once;
        sweepCase(`on the ${tab} tab, Tab stores and the next cell is in Ready mode, so ArrowDown moves and typing lands there`, async () => {
          await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/${tab}?season=${season.seasonId}`);
          const region = page.getByRole('region', { name: grid });
          const at = (row: number, colId: string) => region.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);
          const text = async (row: number, colId: string) => (await at(row, colId).textContent())?.trim() ?? '';
          await at(1, next).waitFor();
          const before = await text(0, next);
          await at(0, first).click();
          await page.keyboard.type('7');
          await page.keyboard.press('Tab');
          await page.keyboard.press('ArrowDown');
          await page.keyboard.type('8');
          await page.keyboard.press('Enter');
          await expect.poll(() => text(1, next)).toMatch(/^\D?8(\.00)?$/);
          expect([await text(0, first), await text(0, next)]).toEqual([expect.stringMatching(/^\D?7(\.00)?$/) as unknown as string, before]);
          // Shift+arrows keep the active cell where they started: Backspace retypes that one.
          await at(0, first).click();
          await page.keyboard.press('Shift+ArrowDown');
          await page.keyboard.press('Backspace');
          await page.keyboard.type('9');
          await page.keyboard.press('Enter');
          await expect.poll(() => text(0, first)).toMatch(/^\D?9(\.00)?$/);
        });
      }
    });
  });
}
