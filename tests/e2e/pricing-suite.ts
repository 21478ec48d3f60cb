import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { rateOptions } from '../../src/screens/tour-season/rate-options.js';
import { e2eServer, logIn } from '../helpers/browser.js';
import {
  cellText,
  openPricingSession,
  pasteText,
  priceCell,
  pricingUrl,
  replaceBikes,
  resetPrices,
  typeInto,
  type Caller,
  type PricedSeason,
} from '../helpers/pricing-e2e.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';

/** The pricing tab in the browser; keeping a removed price or bike through a refused save repeats the group's case in test:stress. */
export function describePricing(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('pricing in the browser', () => {
    let browser: Browser;
    let page: Page;
    let season: PricedSeason;
    let call: Caller;

    beforeAll(async () => {
      ({ browser, page, season, call } = await openPricingSession());
      // Row 6 holds a formula whose value, 800, is also what row 1 will be given: Find & Replace of
      // 800 must change row 1 and leave row 6 alone.
      await resetPrices(call, season, [675, 500, 400, 300, 200, 100, '400+400']);
    });
    afterAll(() => browser.close());

    type PriceInputs = { non_com?: number; adjustment?: number; rateId?: number };

    /** What the grid should show for a gross, on the season's first rate unless another is given. */
    function expected(gross: number, { non_com = 0, adjustment = 0, rateId = season.context.model!.rates[0].id }: PriceInputs = {}) {
      const context = season.context;
      const rate = resolveRate(context.model!.rates, rateId);
      const result = computePrice({ gross, non_com, adjustment, markup_rate_id: rateId }, rate, context.currency!.rate, 'tour');
      const symbol = context.currency!.symbol;
      return {
        net: formatMoney(result.net, symbol),
        subtotal: formatMoney(result.subtotal),
        cost: formatMoney(result.cost),
        profit: formatMoney(result.profit),
      };
    }

    /** Money in the season's currency, as the gross, non-com and net columns show it. */
    const local = (value: number) => formatMoney(value, season.context.currency!.symbol);

    const computedOf = async (index: number) => ({
      net: await cellText(page, index, 'net'),
      subtotal: await cellText(page, index, 'subtotal'),
      cost: await cellText(page, index, 'cost'),
      profit: await cellText(page, index, 'profit'),
    });

    describe('the pricing tab', () => {
      once('shows the season prices with their computed columns', async () => {
        await page.goto(pricingUrl(season));
        await priceCell(page, 0, 'gross').waitFor();
        await expect.poll(() => computedOf(0)).toEqual(expected(675));
      });

      once('recomputes net, subtotal, cost and profit when a gross is typed', async () => {
        await typeInto(page, 1, 'gross', '800');
        await expect.poll(() => computedOf(1)).toEqual(expected(800));
        await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(800));
      });

      once('lets a row follow row 0 through a [0]+50 formula', async () => {
        await typeInto(page, 2, 'gross', '[0]+50');
        await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(725));
        await typeInto(page, 0, 'gross', '700');
        await expect.poll(() => cellText(page, 2, 'gross')).toBe(local(750));
        await expect.poll(() => computedOf(2)).toEqual(expected(750));
      });

      once('pastes a 3 by 6 block from the focused cell into three rows column for column from gross, skipping net and subtotal', async () => {
        await priceCell(page, 3, 'gross').click();
        const model = season.context.model!;
        // Up to three rates of different commissions, so each pasted percentage names one rate.
        const rates = model.rates.filter((rate, index) => model.rates.findIndex((other) => other.commission === rate.commission) === index).slice(0, 3);
        const block = [
          { gross: '1,000', non_com: '10', adjustment: '5', values: { gross: 1000, non_com: 10, adjustment: 5, rateId: rates[0].id } },
          { gross: '£1,100.50', non_com: '20', adjustment: '0', values: { gross: 1100.5, non_com: 20, adjustment: 0, rateId: rates[1 % rates.length].id } },
          { gross: '900', non_com: '30', adjustment: '15', values: { gross: 900, non_com: 30, adjustment: 15, rateId: rates[2 % rates.length].id } },
        ];
        const label = (rateId: number) => rateOptions(model.rates).find((option) => option.value === rateId)!.label;
        // Laid out as the screen: gross, non-com, commission, net, subtotal, adjustment. The values on
        // net and subtotal (read-only) are skipped, not slid into adjustment.
        await pasteText(
          page,
          block.map((row) => [row.gross, row.non_com, label(row.values.rateId), '999', '998', row.adjustment].join('\t')).join('\n') + '\n',
        );
        await expect.poll(() => cellText(page, 5, 'adjustment')).toBe(formatMoney(15));
        for (const [offset, { values }] of block.entries()) {
          const index = 3 + offset;
          const cells = {
            gross: await cellText(page, index, 'gross'),
            non_com: await cellText(page, index, 'non_com'),
            commission: await cellText(page, index, 'markup_rate_id'),
            adjustment: await cellText(page, index, 'adjustment'),
            ...(await computedOf(index)),
          };
          expect(cells, `row ${index}`).toEqual({
            gross: local(values.gross),
            non_com: local(values.non_com),
            commission: label(values.rateId),
            adjustment: formatMoney(values.adjustment),
            ...expected(values.gross, values),
          });
        }
        // The row below the block is untouched.
        await expect.poll(() => cellText(page, 6, 'gross')).toBe(local(800));
      });

      once('finds and replaces a gross, leaving the gross of a formula row alone', async () => {
        await page.getByRole('button', { name: 'Find & Replace' }).click();
        await page.getByLabel('Find', { exact: true }).fill('800');
        await page.getByLabel('Replace with').fill('850');
        // The first click shows what will change; the second, on the same cells, replaces them.
        await page.getByRole('button', { name: 'Replace all' }).click();
        await page.getByText('1 cell will change, 1 formula row(s) skipped').waitFor();
        await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(800));
        await page.getByRole('button', { name: 'Replace 1 cell' }).click();
        await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(850));
        await page.getByText('Replaced 1 cell(s), 1 formula row(s) skipped').waitFor();
        await expect.poll(() => cellText(page, 6, 'gross')).toBe(local(800));
      });

      once('saves with three clicks and shows the same values after a reload', async () => {
        const save = page.getByRole('button', { name: /^Save \d+ rows?$/ });
        expect(await save.textContent()).toBe('Save 6 rows');
        await save.click();
        await page.getByRole('button', { name: 'Are you sure?' }).click();
        await page.getByRole('button', { name: 'Saving' }).click();
        // The rows changed belong to stored groups: each is named, as SPEC.md section 8 words it.
        await expect
          .poll(() =>
            page
              .getByRole('status')
              .filter({ hasText: /^Updated category \d+$/ })
              .count(),
          )
          .toBeGreaterThan(0);
        expect(
          await page
            .getByRole('status')
            .filter({ hasText: /^Saved$/ })
            .count(),
        ).toBe(0);
        await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
        const rows = [0, 1, 2, 3, 4, 5, 6];
        const before = await Promise.all(rows.map(async (index) => [await cellText(page, index, 'gross'), await computedOf(index)]));
        await page.reload();
        await priceCell(page, 0, 'gross').waitFor();
        const after = await Promise.all(rows.map(async (index) => [await cellText(page, index, 'gross'), await computedOf(index)]));
        expect(after).toEqual(before);
        const stored = await call<{ categories: { prices: { formula: string | null; gross: number }[] }[] }>(
          'GET',
          `tour-pricing/${season.tourId}/${season.seasonId}`,
        );
        expect(stored.categories[0].prices.map((price) => price.formula ?? Number(price.gross))).toEqual([700, 850, '[0]+50', 1000, 1100.5, 900, '400+400']);
      });

      once('exports the prices as an xlsx with live formulas and their values', async () => {
        await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/data-export?season=${season.seasonId}`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
        expect(download.suggestedFilename()).toBe(`${season.tourName} pricing data.xlsx`);
        const { default: ExcelJS } = await import('exceljs');
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(await download.path());
        const sheet = workbook.getWorksheet('Pricing')!;
        expect(sheet.getRow(1).getCell(16).value).toBe('Net');
        let found = 0;
        sheet.eachRow((row, number) => {
          if (number === 1 || row.getCell(13).value !== 850) return;
          found = number;
        });
        expect(found).toBeGreaterThan(1);
        // Only the picked season's rows follow the header.
        expect(sheet.rowCount).toBe(8);
        const row = sheet.getRow(found);
        const want = expected(850);
        const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
        const r = found;
        // Row 2 of the season holds [0]+50: its gross is the same formula over the Gross column.
        expect(sheet.getRow(r + 1).getCell(13).value).toEqual({ formula: `M${r - 1}+50`, result: 750 });
        // The row's rate is the model's first (row 2 of the Rates sheet), the season's currency rate is J2.
        const lastRate = season.context.model!.rates.length + 1;
        const raw = `ROUND(M${r}-(M${r}-N${r})*O${r}/100,9)`;
        expect(row.getCell(15).value).toEqual({ formula: 'Rates!$D$2', result: season.context.model!.rates[0].commission });
        expect(row.getCell(16).value).toEqual({ formula: `IF(${raw}<=N${r},0,${raw})`, result: money(want.net) });
        expect(row.getCell(17).value).toEqual({
          formula: `ROUNDUP(ROUND(P${r}/Rates!$J$2*IF(O${r}=Rates!$D$2,Rates!$E$2,VLOOKUP(O${r},Rates!$D$2:$E$${lastRate},2,FALSE)),6),0)`,
          result: money(want.subtotal),
        });
        expect(row.getCell(19).value).toEqual({ formula: `ROUND(Q${r}+R${r},9)`, result: money(want.cost) });
        expect(row.getCell(20).value).toEqual({ formula: `ROUND(ROUND(S${r}-P${r}/Rates!$J$2,6),0)`, result: money(want.profit) });
        expect(row.getCell(13).numFmt).toBe(`"${season.context.currency!.symbol}"#,##0.00`);
        expect(row.getCell(19).numFmt).toBe('"£"#,##0.00');
        expect(workbook.getWorksheet('Rates')!.getCell('J2').value).toBe(season.context.currency!.rate);
        expect(workbook.getWorksheet('Price history')).toBeUndefined();

        // Asked for, the price history comes as a sheet of its own: one row per change set, newest first (issue 22).
        const sets = await call<{ author: string | null; row_count: number }[]>('GET', `price-history/${season.tourId}/${season.seasonId}?page=1`);
        expect(sets.length).toBeGreaterThan(0);
        await page.getByLabel(/Include the price history/).check();
        const [withHistory] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
        const historyBook = new ExcelJS.Workbook();
        await historyBook.xlsx.readFile(await withHistory.path());
        const history = historyBook.getWorksheet('Price history')!;
        expect(history.rowCount).toBe(sets.length + 1);
        expect([history.getRow(2).getCell(3).value, history.getRow(2).getCell(5).value]).toEqual([sets[0].author, sets[0].row_count]);
      });

      once(
        'imports an edited export: the preview names the cell and the added row, Accept stages both unsaved, Ctrl+Z takes them back (issue 21)',
        async () => {
          await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/data-export?season=${season.seasonId}`);
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download pricing data' }).click()]);
          const { default: ExcelJS } = await import('exceljs');
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.readFile(await download.path());
          const sheet = workbook.getWorksheet('Pricing')!;
          let found = 0;
          sheet.eachRow((row, number) => {
            if (number > 1 && row.getCell(13).value === 850) found = number;
          });
          sheet.getCell(`M${found}`).value = 900;
          // A new row: a copy of the last row without its Price id (X), in the same group.
          const added = sheet.rowCount + 1;
          sheet.getRow(added).values = sheet.getRow(added - 1).values;
          sheet.getCell(`X${added}`).value = null;
          sheet.getCell(`M${added}`).value = 1234;
          const edited = `${await download.path()}-edited.xlsx`;
          await workbook.xlsx.writeFile(edited);

          await page.goto(pricingUrl(season));
          await priceCell(page, 1, 'gross').waitFor();
          const saveLabel = () => page.locator('.pricing-workspace .toolbar-end button').first().textContent();
          await page.setInputFiles('input[aria-label="Pricing sheet to import"]', edited);
          const dialog = page.getByRole('dialog');
          await expect
            .poll(() => dialog.getByRole('table', { name: 'Changed cells' }).locator('tbody tr td').allTextContents())
            .toEqual([String(found), '1', 'Gross', '850', '900']);
          expect(await dialog.getByRole('table', { name: 'Added rows' }).locator('tbody tr td').nth(0).textContent()).toBe(String(added));
          expect(await saveLabel()).toBe('Save');
          const counts = page.locator('.pricing-workspace .toolbar .muted');
          await expect.poll(() => counts.textContent()).toBe('1 group, 7 prices');
          await dialog.getByRole('button', { name: 'Accept' }).click();
          await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(900));
          // The added row is the group's last, staged with the changed cell: both unsaved.
          await expect.poll(() => counts.textContent()).toBe('1 group, 8 prices');
          await expect.poll(() => cellText(page, 7, 'gross')).toBe(local(1234));
          await expect.poll(saveLabel).toBe('Save 2 rows');

          await priceCell(page, 1, 'gross').click();
          await page.keyboard.press('Control+z');
          await expect.poll(() => cellText(page, 1, 'gross')).toBe(local(850));
          await expect.poll(() => counts.textContent()).toBe('1 group, 7 prices');
          await expect.poll(saveLabel).toBe('Save');
        },
      );

      /** Someone else's save of the season with price `index`'s gross one more (a stale save here then conflicts with it). */
      const changeStoredGross = async (index: number) => {
        type Stored = { tour_season: { version: number }; categories: { prices: { gross: string; formula: string | null }[] }[] };
        const current = await call<Stored>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
        let at = 0;
        const categories = current.categories.map((category) => ({
          ...category,
          prices: category.prices.map((price) => (at++ === index ? { ...price, formula: null, gross: Number(price.gross) + 1 } : price)),
        }));
        await call('PUT', `tour-pricing/${season.tourId}/${season.seasonId}`, { version: current.tour_season.version, removed_category_ids: [], categories });
      };
      const cancelTheConflict = async () => {
        const dialog = page.getByRole('dialog', { name: 'Both of you changed the same cells' });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      };

      once('keeps a removed group removed when the save is refused (a refused save changes nothing)', async () => {
        await page.goto(pricingUrl(season));
        await priceCell(page, 0, 'gross').waitFor();
        const counts = page.locator('.pricing-workspace .toolbar .muted');
        await page.getByRole('button', { name: 'Remove Group' }).first().click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect.poll(() => counts.textContent()).toMatch(/^0 groups/);
        // Someone else changes a price of that group meanwhile: the save stops on the conflict, and Cancel changes nothing.
        await changeStoredGross(0);
        const saveButton = page.locator('.toolbar-end button[aria-live]');
        const label = await saveButton.textContent();
        await page.getByRole('button', { name: /^Save/ }).click();
        await page.getByRole('button', { name: 'Are you sure?' }).click();
        await page.getByRole('button', { name: 'Saving' }).click();
        await cancelTheConflict();
        await expect.poll(() => saveButton.textContent()).toBe(label);
        expect(await counts.textContent()).toMatch(/^0 groups/);
        const stored = await call<{ categories: unknown[] }>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
        expect(stored.categories).toHaveLength(1);
      });

      repeat('keeps a removed price removed when the save is refused (a refused save changes nothing)', async () => {
        await page.goto(pricingUrl(season));
        await priceCell(page, 0, 'gross').waitFor();
        const counts = page.locator('.pricing-workspace .toolbar .muted');
        const grosses = () => Promise.all([0, 1, 2, 3, 4, 5, 6].map((index) => cellText(page, index, 'gross')));
        const shown = await grosses();
        await priceCell(page, 1, 'gross').click();
        await page.getByRole('button', { name: 'Delete rows' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect.poll(() => counts.textContent()).toBe('1 group, 6 prices');
        await expect.poll(() => cellText(page, 1, 'gross')).toBe(shown[2]);
        // Someone else changes the deleted price meanwhile: the save stops on the conflict, and Cancel changes nothing.
        await changeStoredGross(1);
        await page.getByRole('button', { name: 'Save 1 row' }).click();
        await page.getByRole('button', { name: 'Are you sure?' }).click();
        await page.getByRole('button', { name: 'Saving' }).click();
        await cancelTheConflict();
        await page.getByRole('button', { name: 'Save 1 row' }).waitFor();
        expect(await counts.textContent()).toBe('1 group, 6 prices');
        expect(await Promise.all([0, 1, 2, 3, 4, 5].map((index) => cellText(page, index, 'gross')))).toEqual([shown[0], ...shown.slice(2)]);
        const stored = await call<{ categories: { prices: unknown[] }[] }>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
        expect(stored.categories[0].prices).toHaveLength(7);
      });

      repeat('keeps a removed bike removed when the save is refused (a refused save changes nothing)', async () => {
        const bikesPath = `tour-bikes/${season.tourId}/${season.seasonId}`;
        type Bikes = { tour_season: { version: number }; bikes: { id: number; gross: string }[] };
        const [bike] = await call<{ id: number }[]>('GET', 'bikes');
        await replaceBikes(
          call,
          season,
          [110, 220, 330].map((gross, index) => ({ bikeId: bike.id, order: index + 1, gross })),
        );
        await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
        const gross = (index: number) => page.locator(`.price-grid .ag-row[row-index="${index}"] .ag-cell[col-id="gross"]`);
        const grosses = () =>
          Promise.all([0, 1, 2].map(async (index) => ((await gross(index).count()) ? ((await gross(index).textContent()) ?? '').trim() : null)));
        await gross(2).waitFor();
        const shown = await grosses();
        await gross(1).click();
        await page.getByRole('button', { name: 'Delete rows' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await expect.poll(grosses).toEqual([shown[0], shown[2], null]);
        // Someone else changes the deleted bike meanwhile: the save stops on the conflict, and Cancel changes nothing.
        const current = await call<Bikes>('GET', bikesPath);
        await call('PUT', bikesPath, {
          version: current.tour_season.version,
          bikes: current.bikes.map((stored, index) => (index === 1 ? { ...stored, gross: Number(stored.gross) + 1 } : stored)),
        });
        await page.getByRole('button', { name: 'Save 1 row' }).click();
        await page.getByRole('button', { name: 'Are you sure?' }).click();
        await page.getByRole('button', { name: 'Saving' }).click();
        await cancelTheConflict();
        await page.getByRole('button', { name: 'Save 1 row' }).waitFor();
        await expect.poll(() => grosses()).toEqual([shown[0], shown[2], null]);
        expect((await call<Bikes>('GET', bikesPath)).bikes).toHaveLength(3);
      });

      once('says in the # header that row numbers count from 0, as [n] in formulas does', async () => {
        await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
        await page.locator('.price-grid .ag-header-cell[col-id="#"]').hover();
        await page.getByText('Row number for formulas: [0] is the first row, so it counts from 0').waitFor();
      });

      once('asks for a bike before Add Bike and adds two default bikes', async () => {
        await page.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/bikes?season=${season.seasonId}`);
        await page.getByRole('button', { name: 'Add Bike' }).click();
        await page.getByRole('alert').filter({ hasText: 'Choose a bike first' }).waitFor();
        const before = await page.locator('.price-grid .ag-row [col-id="gross"][role="gridcell"]').count();
        await page.getByRole('button', { name: 'Add Default Bikes' }).click();
        await expect.poll(() => page.locator('.price-grid .ag-row [col-id="gross"][role="gridcell"]').count()).toBe(before + 2);
      });
    });

    onceGroup('keyboard commands in the price grid', () => {
      once('undoes and redoes an edit, fills a selection down with Ctrl+D and clears a cell with Delete', async () => {
        await resetPrices(call, season, [100, 200, 300, 400]);
        await page.goto(pricingUrl(season));
        await priceCell(page, 0, 'gross').waitFor();
        const grossOf = (index: number) => cellText(page, index, 'gross');
        const rowsOf = (indexes: number[]) => Promise.all(indexes.map(async (index) => [await grossOf(index), await cellText(page, index, 'non_com')]));
        // A typed value is committed when AG Grid reports the edit, a moment after Enter; the save
        // button's row count says when it has been.
        const saveLabel = () => page.locator('.pricing-workspace .toolbar-end button').textContent();

        await typeInto(page, 0, 'non_com', '10');
        await expect.poll(saveLabel).toBe('Save 1 row');
        await typeInto(page, 1, 'gross', '250');
        await expect.poll(saveLabel).toBe('Save 2 rows');
        await page.keyboard.press('Control+z');
        await expect.poll(() => grossOf(1)).toBe(local(200));
        await expect.poll(() => computedOf(1)).toEqual(expected(200));
        expect(await saveLabel()).toBe('Save 1 row');
        await page.keyboard.press('Control+y');
        await expect.poll(() => grossOf(1)).toBe(local(250));
        await expect.poll(() => computedOf(1)).toEqual(expected(250));

        // Rows 0 to 2 of gross and non-com selected with Shift+arrows, filled from row 0.
        await priceCell(page, 0, 'gross').click();
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Control+d');
        await expect
          .poll(() => rowsOf([1, 2]))
          .toEqual([
            [local(100), local(10)],
            [local(100), local(10)],
          ]);
        await expect.poll(() => computedOf(2)).toEqual(expected(100, { non_com: 10 }));
        expect(await rowsOf([3])).toEqual([[local(400), local(0)]]);
        // The fill-down is one step of the history.
        await page.keyboard.press('Control+z');
        await expect
          .poll(() => rowsOf([1, 2]))
          .toEqual([
            [local(250), local(0)],
            [local(300), local(0)],
          ]);

        await priceCell(page, 3, 'gross').click();
        await page.keyboard.press('Delete');
        await expect.poll(() => grossOf(3)).toBe('');
        await expect.poll(() => computedOf(3)).toEqual({ net: '—', subtotal: '—', cost: '—', profit: '—' });
        // Only the clicked cell: the earlier selection is gone.
        expect(await rowsOf([0, 1, 2])).toEqual([
          [local(100), local(10)],
          [local(250), local(0)],
          [local(300), local(0)],
        ]);
        await page.keyboard.press('Control+z');
        await expect.poll(() => grossOf(3)).toBe(local(400));
        await expect.poll(() => computedOf(3)).toEqual(expected(400));
      });
    });

    onceGroup('in a 1024 by 768 window', () => {
      once('shows every column of the pricing and bikes grids without a sideways scroll, the identifying columns pinned', async () => {
        const narrow = await browser.newPage({ viewport: { width: 1024, height: 768 } });
        await logIn(narrow);
        const tabs = [
          ['pricing', ['#', 'room_type_id', 'accommodation_category_id']],
          ['bikes', ['#', 'order', 'bike_id']],
        ] as const;
        for (const [tab, pinned] of tabs) {
          await narrow.goto(`${e2eServer().baseUrl}/tours/${season.tourId}/${tab}?season=${season.seasonId}`);
          await narrow.locator('.price-grid .ag-header-cell[col-id="profit"]').waitFor();
          const layout = () =>
            narrow.evaluate(() => {
              const grid = document.querySelector('.price-grid')!.getBoundingClientRect();
              const headers = [...document.querySelectorAll('.price-grid .ag-header-cell')];
              return {
                pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                cutColumns: headers.filter((cell) => cell.getBoundingClientRect().right > grid.right + 1).map((cell) => cell.getAttribute('col-id')),
                pinned: [...document.querySelectorAll('.price-grid .ag-header .ag-grid-pinned-left-cells .ag-header-cell')].map((cell) =>
                  cell.getAttribute('col-id'),
                ),
              };
            });
          await expect.poll(async () => ({ tab, ...(await layout()) })).toEqual({ tab, pageOverflow: 0, cutColumns: [], pinned: [...pinned] });
        }
        await narrow.close();
      });
    });
  });
}
