import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeasonPricing, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { effectiveRateId } from '../../src/domain/price-maths.js';
import { evaluateGrossColumn } from '../../src/formulas/evaluate-price-rows.js';
import { parseClipboardBlock } from '../../src/grid/commands/parse-clipboard-block.js';
import { rateOptions } from '../../src/screens/tour-season/rate-options.js';
import { launchBrowser, logIn } from '../helpers/browser.js';
import { referenceGrid, referenceStep, tabLeaves, type RefCell, type RefRow, type RefSheet, type RefState } from '../helpers/excel-reference-grid.js';
import { EDITING_KEYS, keySequences, singleKeys, type KeyStep } from '../helpers/key-sequences.js';
import { findPricedSeason, resetPrices, type Caller, type PricedSeason } from '../helpers/pricing-e2e.js';
import { logIn as apiLogIn, startServer, STRESS_STAFF, type ServerProcess } from '../helpers/server-process.js';
import { stressCount } from '../helpers/stress-counts.js';

// Issue 27's model-based test in Chromium: random key sequences on the real pricing grid, against
// the same independent interpreter of Excel's rules as tests/unit/grid-editing-model.test.ts.
// After every key the mode, the cursor and the text being typed must agree; after the sequence
// the cells the grid copies with Ctrl+A, Ctrl+C, and the values stored after the three-click save.
// The clipboard keys stay in the unit test: a copy of a worked-out cell (net, cost) carries the
// price maths, which the interpreter does not redo. GRID_BROWSER_RUNS and GRID_BROWSER_SEED choose
// how many sequences and which.

const RUNS = stressCount('gridBrowserRuns');
const SEED = Number(process.env.GRID_BROWSER_SEED ?? 27);
const GROSSES = [500, '[0]+50', 300, '[2]*2', 450, 600] as const;
const EDITABLE = ['room_type_id', 'accommodation_category_id', 'gross', 'non_com', 'markup_rate_id', 'adjustment'];

let folder: string;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let call: Caller;
let season: PricedSeason;
let sheet: RefSheet;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'grid-editing-'));
  server = await startServer({ dataDir: path.join(folder, 'data'), withApp: true, startTimeoutMs: 600_000 });
  const authorization = await apiLogIn(server.baseUrl);
  const baseUrl = server.baseUrl;
  call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1/${route}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  season = await findPricedSeason(call);
  const named = async (resource: string) => [
    { value: null, label: '—' },
    ...(await call<{ id: number; name: string }[]>('GET', resource)).map((item) => ({ value: item.id, label: item.name })),
  ];
  const context: TourSeasonPricingContext = season.context;
  sheet = {
    displayToPrice: [-1, ...GROSSES.map((_, index) => index)],
    columns: [
      { colId: 'room_type_id', kind: 'choice', options: await named('room-types') },
      { colId: 'accommodation_category_id', kind: 'choice', options: await named('accommodation-categories') },
      { colId: 'gross', kind: 'gross' },
      { colId: 'non_com', kind: 'number', limited: true },
      { colId: 'markup_rate_id', kind: 'choice', options: rateOptions(context.model!.rates) },
      { colId: 'net', kind: 'fixed', copied: '' },
      { colId: 'subtotal', kind: 'fixed', copied: '' },
      { colId: 'adjustment', kind: 'number', limited: true },
      { colId: 'cost', kind: 'fixed', copied: '' },
      { colId: 'profit', kind: 'fixed', copied: '' },
    ],
  };
  browser = await launchBrowser();
  const browserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await browserContext.newPage();
  await logIn(page, { baseUrl, ...STRESS_STAFF });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

const steps = () =>
  keySequences({ keys: EDITING_KEYS, rows: GROSSES.map((_, index) => index + 1), columns: [...EDITABLE, 'net'], minLength: 5, maxLength: 30 });

const cell = (at: RefCell) => page.locator(`.price-grid .ag-row[row-index="${at.rowIndex}"] .ag-cell[col-id="${at.colId}"]`);
const modeShown = () => page.locator('.price-grid-status-mode').textContent();
const MODES = { ready: 'Ready', enter: 'Enter', edit: 'Edit' } as const;

/** What the screen shows of the editing: the mode, the cursor (in Ready) or the text and its caret. */
const screenState = () =>
  page.evaluate(() => {
    const mode = document.querySelector('.price-grid-status-mode')?.textContent ?? '';
    const input = document.querySelector<HTMLInputElement>('.price-grid input.price-cell-input');
    const list = document.querySelector('.price-cell-list');
    const focused = document.activeElement?.closest('.ag-cell');
    return {
      mode,
      cursor:
        mode === 'Ready' && focused
          ? { rowIndex: Number(focused.closest('.ag-row')?.getAttribute('row-index')), colId: focused.getAttribute('col-id') ?? '' }
          : null,
      editor: input ? { text: input.value, start: input.selectionStart, end: input.selectionEnd } : null,
      list: list ? list.getAttribute('aria-activedescendant')?.replace(/^.*-/, '') : null,
    };
  });

function expectedScreen(state: RefState) {
  const typing = state.mode !== 'ready';
  const listOpen = typing && state.list !== null;
  return {
    mode: MODES[state.mode],
    cursor: typing ? null : state.focus,
    editor: typing && !listOpen ? { text: state.text, start: Math.min(state.caret, state.textAnchor), end: Math.max(state.caret, state.textAnchor) } : null,
    list: listOpen && state.list !== null && state.list >= 0 ? String(state.list) : null,
  };
}

/** A price row as stored, in the interpreter's terms (a cleared non-com or adjustment is stored as 0). */
const asStored = (row: RefRow) => ({
  formula: row.formula ?? null,
  gross: row.formula ? null : Number(row.gross),
  non_com: Number(row.non_com ?? 0),
  adjustment: Number(row.adjustment ?? 0),
  markup_rate_id: row.markup_rate_id ?? null,
  room_type_id: row.room_type_id ?? null,
  accommodation_category_id: row.accommodation_category_id ?? null,
});

async function runSequence(sequence: readonly KeyStep[]) {
  const loaded = await resetPrices(call, season, GROSSES);
  const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const rows: RefRow[] = loaded.categories[0].prices.map((price) => ({
    ...price,
    key: String(price.id),
    gross: amount(price.gross),
    non_com: amount(price.non_com),
    adjustment: amount(price.adjustment),
  }));
  await page.goto(`${server!.baseUrl}/tours/${season.tourId}/pricing?season=${season.seasonId}`);
  const start = { rowIndex: 1, colId: 'gross' };
  await cell(start).click();
  let reference = referenceGrid(sheet, rows, start);
  const keys = singleKeys(sequence);
  for (const [index, step] of keys.entries()) {
    if ('key' in step && tabLeaves(reference, step.key)) {
      // Tab past the row's end leaves the grid, as the key table says; a click brings the cursor back.
      await page.keyboard.press(step.key);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('.price-grid') === null), {
          message: `Tab out after ${JSON.stringify(keys.slice(0, index + 1))}`,
        })
        .toBe(true);
      await cell(reference.active).click();
      reference = referenceStep(reference, { click: reference.active, extend: false });
      continue;
    }
    // A click into the cell being typed in places the caret where the mouse is: no rule of the
    // interpreter's, so such a click is left out.
    const intoEditor =
      'click' in step && reference.mode !== 'ready' && step.click.rowIndex === reference.active.rowIndex && step.click.colId === reference.active.colId;
    if (intoEditor) continue;
    if ('key' in step) await page.keyboard.press(step.key);
    else await cell(step.click).click({ modifiers: step.extend ? ['Shift'] : [] });
    reference = referenceStep(reference, step);
    const expected = expectedScreen(reference);
    await expect.poll(screenState, { message: `after ${JSON.stringify(keys.slice(0, index + 1))}`, timeout: 5000 }).toEqual(expected);
  }
  // The cells as the grid copies them: every editable column of every row.
  for (let press = 0; press < 2; press += 1) {
    await page.keyboard.press('Escape');
    reference = referenceStep(reference, { key: 'Escape' });
  }
  await expect.poll(modeShown).toBe('Ready');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+c');
  const order = sheet.columns.map((column) => column.colId);
  const copied = parseClipboardBlock(await page.evaluate(() => navigator.clipboard.readText())).map((line) =>
    Object.fromEntries(EDITABLE.map((colId) => [colId, line[order.indexOf(colId)]])),
  );
  const shown = (row: RefRow) =>
    Object.fromEntries(
      EDITABLE.map((colId) => {
        const column = sheet.columns.find((candidate) => candidate.colId === colId)!;
        if (colId === 'gross' && row.formula) return [colId, `=${row.formula}`];
        if (column.kind === 'choice') return [colId, column.options.find((option) => option.value === (row[colId] ?? null))?.label ?? ''];
        return [colId, row[colId] == null ? '' : String(row[colId])];
      }),
    );
  expect(copied, `cells after ${JSON.stringify(keys)}`).toEqual(reference.rows.map(shown));
  await saveAndCompare(rows, reference.rows, keys);
}

/** The three-click save: stored as the interpreter says when every row evaluates, else refused with nothing stored. */
async function saveAndCompare(loaded: RefRow[], typed: RefRow[], keys: unknown) {
  if (JSON.stringify(loaded.map(asStored)) === JSON.stringify(typed.map(asStored))) return;
  // Refused: a gross in error (a formula's, a missing one), or a row without a commission where the
  // default rate is not one of the model's (the server names it).
  const rates = season.context.model!.rates;
  const errors = [
    ...evaluateGrossColumn(
      typed.map((row) => ({ formula: row.formula, gross: row.gross as number | null, non_com: 0, adjustment: 0, markup_rate_id: null })),
    ).filter((gross) => typeof gross !== 'number'),
    ...typed.filter((row) => !rates.some((rate) => rate.id === effectiveRateId((row.markup_rate_id as number | null) ?? null))),
  ];
  const before = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
  const saveButton = page.locator('.toolbar-end button[aria-live]');
  for (const next of ['Are you sure?', 'Saving']) {
    await page.keyboard.press('Control+s');
    await expect.poll(() => saveButton.textContent()).toBe(next);
  }
  await page.keyboard.press('Control+s');
  if (errors.length > 0) {
    await expect.poll(() => saveButton.textContent()).toMatch(/^Save \d+ rows?$/);
    const after = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
    expect(after.tour_season.version, `a refused save stored nothing, after ${JSON.stringify(keys)}`).toBe(before.tour_season.version);
    return;
  }
  const confirm = page.getByRole('button', { name: 'Save anyway' });
  const settled = async () => ({
    confirm: await confirm.isVisible(),
    button: await saveButton.textContent(),
    toasts: await page.locator('[role="status"]').allTextContents(),
  });
  await expect
    .poll(
      async () => {
        const now = await settled();
        return now.confirm || now.button === 'Save' ? 'settled' : JSON.stringify(now);
      },
      { message: `save after ${JSON.stringify(keys)}` },
    )
    .toBe('settled');
  if (await confirm.isVisible()) await confirm.click();
  await expect.poll(() => saveButton.textContent()).toBe('Save');
  const stored = await call<SeasonPricing>('GET', `tour-pricing/${season.tourId}/${season.seasonId}`);
  const storedRows = stored.categories[0].prices.map((price) => asStored({ key: String(price.id), ...price, gross: price.formula ? null : price.gross }));
  expect(storedRows, `stored after ${JSON.stringify(keys)}`).toEqual(typed.map(asStored));
}

describe('the pricing grid in Chromium, against the interpreter of Excel’s rules', () => {
  it(`agrees on the mode, the cursor and the typed text after every key, and on the cells and the stored prices after, for ${RUNS} sequences`, async () => {
    const samples = fc.sample(steps(), { numRuns: RUNS, seed: SEED });
    for (const sequence of samples) await runSequence(sequence);
  }, 1_800_000);
});
