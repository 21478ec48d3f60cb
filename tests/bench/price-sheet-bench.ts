// The pricing spreadsheet round trip (issue 21) on the largest season of the large demo data:
// - export: the Pricing and Rates sheets worked out from the season (pricingExport) and written
//   as xlsx bytes (buildPricingXlsx), as the data export tab does in the browser;
// - import preview: the exported file with one base gross changed, read back and compared with
//   the season (previewPriceSheet), as Import xlsx does before it shows the preview.
// Both run in Node on the season as the API gives it (median of 5 after one warm-up); compared
// with the same for a generated 2,000-row season (100 groups of 20, every third row a formula).
// When quick: the demo data's largest season, 200 generated rows, one timed run of each.

import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { previewPriceSheet } from '../../src/formulas/price-sheet-import';
import { PRICING_SHEET } from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport, type ExportLookups } from '../../src/screens/tour-season/pricing-export-rows';
import { benchData, benchDataName, type BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';
import { benchApiCaller, median, startBenchServer } from './bench-server';

const SIZES = {
  full: { runs: 5, generatedGroups: 100 },
  quick: { runs: 1, generatedGroups: 10 },
};

type Timings = { exportMs: number; previewMs: number; rows: number; kb: number };

async function timeRoundTrip(tour: { tour_code: string; name: string }, pricing: SeasonPricing, lookups: ExportLookups, runs: number): Promise<Timings> {
  const { default: ExcelJS } = await import('exceljs');
  const exports: number[] = [];
  let bytes: ArrayBuffer | undefined;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    bytes = await buildPricingXlsx(pricingExport(tour, [{ pricing, lookups }]), new Date());
    if (run > 0) exports.push(performance.now() - started);
  }
  // One base gross changed, as a manager would.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes!);
  const sheet = workbook.getWorksheet(PRICING_SHEET)!;
  const gross = (sheet.getRow(1).values as unknown[]).indexOf('Gross');
  const first = sheet.getRow(2).getCell(gross);
  first.value = (typeof first.value === 'number' ? first.value : 0) + 10;
  const edited = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  const previews: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const result = await previewPriceSheet(edited, pricing);
    if (!result.ok || result.preview.changes.length !== 1)
      throw new Error(`The preview of the edited export is wrong: ${JSON.stringify(result).slice(0, 300)}`);
    if (run > 0) previews.push(performance.now() - started);
  }
  const rows = pricing.categories.reduce((sum, category) => sum + category.prices.length, 0);
  return { exportMs: median(exports), previewMs: median(previews), rows, kb: edited.byteLength / 1024 };
}

/** A season of `groups` groups of `size` rows built on `base` (its model and currency), every third row a formula. */
function generatedSeason(base: SeasonPricing, groups: number, size: number): SeasonPricing {
  const rateId = base.tour_season.model?.rates[0]?.id ?? null;
  let index = 0;
  return {
    ...base,
    categories: Array.from({ length: groups }, (_, g) => ({
      ...base.categories[0],
      id: 1_000_000 + g,
      prices: Array.from({ length: size }, () => {
        const n = index++;
        return {
          id: 2_000_000 + n,
          formula: n % 3 === 1 ? `[${n - 1}]+10` : null,
          gross: n % 3 === 1 ? 510 + n : 500 + n,
          non_com: 0,
          adjustment: 0,
          markup_rate_id: rateId,
          net: 0,
          cost: 0,
          room_type_id: null,
          accommodation_category_id: null,
          deck_id: null,
        };
      }),
    })),
  };
}

export async function runPriceSheetBench(options: BenchOptions): Promise<BenchRow[]> {
  const sizes = SIZES[options.size];
  const data = await benchData(options);
  const server = await startBenchServer({ dataDir: data.dataDir, apiOnly: true });
  try {
    const call = await benchApiCaller(server);
    const { tourId, tourSeasonId } = data.summary.largestTourSeason;
    const tour = await call<{ tour_code: string; name: string; seasons: { id: number; season_id: number }[] }>('GET', `tours/${tourId}`);
    const seasonId = tour.seasons.find((season) => season.id === tourSeasonId)!.season_id;
    const pricing = await call<SeasonPricing>('GET', `tour-pricing/${tourId}/${seasonId}`);
    type Named = { id: number; name: string };
    const [boats, roomTypes, accommodation, routes] = await Promise.all([
      call<Named[]>('GET', 'boats'),
      call<Named[]>('GET', 'room-types'),
      call<Named[]>('GET', 'accommodation-categories'),
      call<{ routes: Named[] }>('GET', `tour-routes/${tourId}/${seasonId}`),
    ]);
    const lookups: ExportLookups = { boats, roomTypes, accommodation, routes: routes.routes };
    const largest = await timeRoundTrip(tour, pricing, lookups, sizes.runs);
    const generated = await timeRoundTrip(tour, generatedSeason(pricing, sizes.generatedGroups, 20), lookups, sizes.runs);
    const generatedRows = generated.rows.toLocaleString('en-GB');
    options.log(
      `Price sheet: largest season ${largest.rows} rows (${largest.kb.toFixed(0)} KB); generated ${generated.rows} rows (${generated.kb.toFixed(0)} KB).`,
    );
    const row = (name: string, ms: number, comparedMs: number, target?: string): BenchRow => ({ name, ms, comparedMs, ratio: ms / comparedMs, target });
    const rows = largest.rows.toLocaleString('en-GB');
    return [
      row(
        `xlsx export, largest season of ${benchDataName(options)} (${rows} rows; compared: generated ${generatedRows} rows)`,
        largest.exportMs,
        generated.exportMs,
      ),
      row(
        `xlsx import preview, largest season (${rows} rows, one gross changed; compared: generated ${generatedRows} rows)`,
        largest.previewMs,
        generated.previewMs,
        '< 1,000 ms',
      ),
    ];
  } finally {
    await server.stop();
    data.remove();
  }
}
