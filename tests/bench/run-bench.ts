// npm run bench [-- NAME ...]: runs the benchmarks (all, or those named: engine, grid, bulk,
// bookings, cold, sheet, history) and prints one table. Figures go into README.md by hand, with the machine's load.

import { formatBenchTable, targetMet, type BenchRow } from './bench-table';
import { runBookingsBench } from './bookings-bench';
import { runBulkPricingBench } from './bulk-pricing-bench';
import { runColdLoadBench } from './cold-load-bench';
import { runPriceEngineBench } from './price-engine-bench';
import { runPricingGridBench } from './pricing-grid-bench';
import { runPriceSheetBench } from './price-sheet-bench';
import { runPriceHistoryBench } from './price-history-bench';

const log = (message: string) => console.log(message);
const SUITES: Record<string, () => Promise<BenchRow[]>> = {
  engine: runPriceEngineBench,
  grid: () => runPricingGridBench(log),
  bulk: () => runBulkPricingBench(log),
  bookings: () => runBookingsBench(log),
  cold: runColdLoadBench,
  sheet: () => runPriceSheetBench(log),
  history: () => runPriceHistoryBench(log),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}.`);
  process.exit(2);
}
const rows: BenchRow[] = [];
for (const name of asked.length ? asked : Object.keys(SUITES)) {
  log(`Running the ${name} benchmark...`);
  rows.push(...(await SUITES[name]()));
}
console.log(formatBenchTable(rows));
const missed = rows.filter((row) => targetMet(row) === false);
if (missed.length > 0) console.log(`\nTargets missed: ${missed.map((row) => row.name).join('; ')}`);
