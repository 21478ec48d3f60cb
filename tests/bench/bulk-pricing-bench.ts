// The bulk pricing page on the large demo data (a season of at least 20,000 price rows across all
// its tours), with the server run as `npm start` runs it on a copy of the cached large data
// folder and the page in Chromium:
// - season prices loaded: /pgt fetches the season's stored rows once (GET bulk-pricing/{id}/
//   inputs); from navigation until the page says the previews are ready (median of 3 loads);
// - what-if in the browser: typing into the currency rate of the busiest currency, and into a
//   markup of the busiest model, from the keydown to the frame that shows the preview worked out
//   for the new value (median of 21 keys each; every key changes the value);
// - recompute and commit: PUT currencies/{id}/{season_id}, which rewrites every affected row
//   (median of 5 saves, each sending the version the one before returned, as the page does).
// When quick: the demo data, 5 keys, 2 saves and 2 loads.
// "plain ms" is the server's own preview of the same change (POST .../preview over HTTP), which
// the page used before it worked previews out itself.

import { chromium, type Locator, type Page } from 'playwright-core';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { RateChangePreview } from '../../src/domain/models/rate-change-preview.js';
import type { Currency } from '../../src/domain/reference/currency.js';
import type { SeasonPricingInputs } from '../../src/domain/models/season-pricing-inputs.js';
import { benchData, type BenchOptions } from './bench-options.js';
import type { BenchRow } from './bench-table.js';
import { benchApiCaller, median, startBenchServer, type ApiCaller } from './bench-server.js';
import { chromiumPath } from '../helpers/chromium-path.js';

const SIZES = {
  full: { runs: 5, keys: 21, loads: 4 },
  quick: { runs: 2, keys: 5, loads: 2 },
};

/** The value of the field that occurs most often among the tour seasons of the season. */
function busiest(inputs: SeasonPricingInputs, field: 'currency_id' | 'markup_model_id'): number {
  const counts = new Map<number, number>();
  for (const season of inputs.tour_seasons) {
    const value = season[field];
    if (season.season_id === inputs.season_id && value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

async function timed<T>(runs: number, action: (run: number) => Promise<T>): Promise<{ ms: number; last: T }> {
  const times: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = await action(run);
    times.push(performance.now() - started);
  }
  return { ms: median(times), last: last as T };
}

/** Which proposal the preview must show for the typed value: a currency rate, or a model rate's markup. */
type Proposal = { kind: 'currency' } | { kind: 'markup'; rateId: number };

/**
 * Median ms from a keydown in `input` to the frame drawn after the preview of `form` shows the
 * proposal for the input's new value. Keys alternate between adding `digit` and removing it.
 */
async function keystrokeToPreview(page: Page, form: Locator, input: Locator, digit: string, proposal: Proposal, keys: number): Promise<number> {
  await input.click();
  await input.press('End');
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await form.evaluate((element, expected) => {
    const field = element.querySelector('input:focus') as HTMLInputElement;
    const state = window as unknown as { previewTimings: number[] };
    state.previewTimings = [];
    let pressed = 0;
    element.addEventListener('keydown', () => (pressed = performance.now()), { capture: true });
    new MutationObserver(() => {
      const shown = element.querySelector('[data-proposal]')?.getAttribute('data-proposal');
      if (!pressed || !shown) return;
      const value = Number(field.value);
      const current =
        expected.kind === 'currency'
          ? shown === String(value)
          : (JSON.parse(shown) as { model: { rates: { id?: number; markup: number }[] } }).model.rates.some(
              (rate) => rate.id === expected.rateId && rate.markup === value,
            );
      if (!current) return;
      const started = pressed;
      pressed = 0;
      // The frame after the change: the preview is on screen once it has been drawn.
      requestAnimationFrame(() => setTimeout(() => state.previewTimings.push(performance.now() - started), 0));
    }).observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  }, proposal);
  for (let key = 0; key < keys; key++) {
    await page.keyboard.press(key % 2 === 0 ? digit : 'Backspace');
    await page.waitForFunction((count) => (window as unknown as { previewTimings: number[] }).previewTimings.length >= count, key + 1, { timeout: 30_000 });
  }
  return median(await page.evaluate(() => (window as unknown as { previewTimings: number[] }).previewTimings));
}

async function logIn(page: Page, server: { baseUrl: string; email: string; password: string }) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(server.email);
  await page.getByLabel('Password').fill(server.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function serverPreviewMs(call: ApiCaller, route: string, runs: number, bodies: (run: number) => object): Promise<number> {
  await call('POST', route, bodies(0)); // warms the engine and the caches
  return (await timed(runs, (run) => call<RateChangePreview>('POST', route, bodies(run + 1)))).ms;
}

export async function runBulkPricingBench(options: BenchOptions): Promise<BenchRow[]> {
  const { log } = options;
  const sizes = SIZES[options.size];
  const data = await benchData(options);
  const server = await startBenchServer({ dataDir: data.dataDir });
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    // Read from the database, not the server's read cache: what the first opening after a change costs.
    const call = await benchApiCaller(server, { fromDatabase: true });
    const seasonId = data.summary.bulkPricingSeason.seasonId;
    const fetched = await timed(3, () => call<SeasonPricingInputs>('GET', `bulk-pricing/${seasonId}/inputs`));
    const inputs = fetched.last;
    const storedRows = Object.values(inputs.lists).reduce((total, list) => total + list.tour_season_id.length, 0);
    const inputsBytes = JSON.stringify(inputs).length;
    const currencyId = busiest(inputs, 'currency_id');
    const currencyRate = inputs.tour_seasons.find((season) => season.currency_id === currencyId && season.season_id === seasonId)?.currency_rate ?? 1;
    const modelId = busiest(inputs, 'markup_model_id');
    const model = await call<MarkupModel>('GET', `models/${seasonId}/${modelId}`);
    const currency = await call<Currency>('GET', `currencies/${currencyId}`);
    log(
      `Season ${seasonId}: ${storedRows.toLocaleString('en-GB')} stored rows ` +
        `(${(inputsBytes / 1e6).toFixed(1)} MB of JSON), fetched in ${fetched.ms.toFixed(0)} ms.`,
    );

    const base = Math.round(currencyRate * 1.05 * 1000) / 1000;
    const currencyRoute = `currencies/${currencyId}/${seasonId}`;
    const currencyPreview = await serverPreviewMs(call, `${currencyRoute}/preview`, sizes.runs, (run) => ({ rate: run % 2 ? base : base + 0.0005 }));
    const changed = await call<RateChangePreview>('POST', `${currencyRoute}/preview`, { rate: base });
    const changedRows = changed.prices + changed.bikes + changed.extras;
    const [rate] = model.rates;
    const modelBody = (markup: number) => ({
      model: { name: model.name, version: model.version, rates: model.rates.map((other) => (other.id === rate.id ? { ...other, markup } : other)) },
      removedRatesIds: [],
    });
    const modelPreview = await serverPreviewMs(call, `models/${seasonId}/${modelId}/preview`, sizes.runs, (run) =>
      modelBody(rate.markup + (run % 2 ? 0.01 : 0.015)),
    );

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'cache-control': 'no-cache' } });
    await logIn(page, server);
    const loads: number[] = [];
    for (let load = 0; load < sizes.loads; load++) {
      await page.goto(`${server.baseUrl}/pgt?season=${seasonId}`);
      await page.locator('[data-preview-inputs="ready"]').waitFor({ timeout: 120_000 });
      loads.push(await page.evaluate(() => performance.now()));
    }
    const loaded = median(loads.slice(1)); // the first load also compiles the bundle

    const currencyForm = page.getByRole('form', { name: `${currency.name} rate` });
    const currencyInput = currencyForm.getByRole('spinbutton');
    await currencyInput.fill(String(base));
    await currencyForm.locator(`[data-proposal="${base}"]`).waitFor();
    const currencyKeys = await keystrokeToPreview(page, currencyForm, currencyInput, '7', { kind: 'currency' }, sizes.keys);

    const modelForm = page.getByRole('form', { name: `Markup model ${model.name}` });
    const markupInput = modelForm.getByLabel(`Markup of rate ${rate.id}`, { exact: true });
    await markupInput.fill(String(Math.round((rate.markup + 0.01) * 1000) / 1000));
    await modelForm.locator('[data-proposal]').waitFor();
    const modelKeys = await keystrokeToPreview(page, modelForm, markupInput, '5', { kind: 'markup', rateId: rate.id }, sizes.keys);

    // Each save sends the currency's version as the one before left it (a season's rate is part of the currency).
    let { version } = currency;
    const save = await timed(sizes.runs, async (run) => {
      ({ version } = await call<Currency>('PUT', currencyRoute, { rate: run % 2 ? currencyRate : base, version }));
    });
    log(
      `Previews in the browser: currency ${currencyKeys.toFixed(1)} ms, model ${modelKeys.toFixed(1)} ms per key; on ` +
        `the server ${currencyPreview.toFixed(0)} and ${modelPreview.toFixed(0)} ms. Save ${save.ms.toFixed(0)} ms.`,
    );

    const rowsLabel = `${changedRows.toLocaleString('en-GB')} of ${storedRows.toLocaleString('en-GB')} rows`;
    return [
      {
        name: `bulk pricing: season rows loaded on /pgt (${storedRows.toLocaleString('en-GB')} rows, read from the database; compared: the fetch alone)`,
        ms: loaded,
        comparedMs: fetched.ms,
        ratio: loaded / fetched.ms,
      },
      {
        name: `bulk pricing: currency-rate what-if in Chromium, key to preview drawn (${rowsLabel}; compared: the server's preview)`,
        ms: currencyKeys,
        comparedMs: currencyPreview,
        ratio: currencyKeys / currencyPreview,
        target: '< 300 ms',
      },
      {
        name: `bulk pricing: model-rate what-if in Chromium, key to preview drawn (compared: the server's preview)`,
        ms: modelKeys,
        comparedMs: modelPreview,
        ratio: modelKeys / modelPreview,
        target: '< 300 ms',
      },
      {
        name: `bulk pricing: currency-rate recompute + commit (${rowsLabel}; compared: its preview)`,
        ms: save.ms,
        comparedMs: currencyPreview,
        ratio: save.ms / currencyPreview,
        target: '< 2,000 ms',
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    data.remove();
  }
}
