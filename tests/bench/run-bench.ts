// npm run bench [-- --quick] [-- NAME ...]: runs the benchmarks (all, or those named), prints one
// table, saves the figures in reports/bench/<size>.json and writes reports/BENCH.md from them.
// --quick runs each at small sizes (CI: proof that every benchmark still runs). Every benchmark
// runs even when one before it throws; the exit code is 1 when any threw.

import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchOptions, BenchSize } from './bench-options';
import { saveBenchRun, type BenchSuiteInfo, type BenchSuiteResult } from './bench-report';
import { formatBenchTable, targetMet, type BenchRow } from './bench-table';
import { runBookingsBench } from './bookings-bench';
import { runBulkPricingBench } from './bulk-pricing-bench';
import { runColdLoadBench } from './cold-load-bench';
import { runPriceEngineBench } from './price-engine-bench';
import { runPricingGridBench } from './pricing-grid-bench';
import { runPriceSheetBench } from './price-sheet-bench';
import { runPriceHistoryBench } from './price-history-bench';
import { runThreadHoldsBench } from './thread-holds-bench';
import { runRolloverBench } from './rollover-bench';

type Suite = BenchSuiteInfo & { run: (options: BenchOptions) => Promise<BenchRow[]> };

const SUITES: Suite[] = [
  { name: 'engine', title: 'Price engine', file: 'tests/bench/price-engine-bench.ts', run: runPriceEngineBench },
  { name: 'grid', title: 'Pricing tab in Chromium', file: 'tests/bench/pricing-grid-bench.ts', run: runPricingGridBench },
  { name: 'bulk', title: 'Bulk pricing (/pgt)', file: 'tests/bench/bulk-pricing-bench.ts', run: runBulkPricingBench },
  { name: 'bookings', title: 'Booking list', file: 'tests/bench/bookings-bench.ts', run: runBookingsBench },
  { name: 'cold', title: 'First visit', file: 'tests/bench/cold-load-bench.ts', run: runColdLoadBench },
  { name: 'sheet', title: 'Pricing spreadsheet', file: 'tests/bench/price-sheet-bench.ts', run: runPriceSheetBench },
  { name: 'history', title: 'Price history', file: 'tests/bench/price-history-bench.ts', run: runPriceHistoryBench },
  { name: 'holds', title: "Large saves and the server's thread", file: 'tests/bench/thread-holds-bench.ts', run: runThreadHoldsBench },
  { name: 'rollover', title: 'Season roll-over', file: 'tests/bench/rollover-bench.ts', run: runRolloverBench },
];

const { values, positionals } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, allowPositionals: true });
const size: BenchSize = values.quick ? 'quick' : 'full';
const unknown = positionals.filter((name) => !SUITES.some((suite) => suite.name === name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${SUITES.map((suite) => suite.name).join(', ')}.`);
  process.exit(2);
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a git checkout
  }
}

async function runSuite(suite: Suite): Promise<BenchSuiteResult> {
  console.log(`Running the ${suite.name} benchmark (${size})...`);
  const notes: string[] = [];
  const log = (message: string) => {
    console.log(message);
    notes.push(message);
  };
  const recordedAt = new Date().toISOString();
  const before = loadavg()[0];
  const started = performance.now();
  let rows: BenchRow[] = [];
  let error: string | null = null;
  try {
    rows = await suite.run({ size, log });
  } catch (thrown) {
    console.error(`The ${suite.name} benchmark threw:`, thrown);
    error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`The ${suite.name} benchmark ${error === null ? 'ran' : 'threw'} in ${seconds.toFixed(0)} s.`);
  return { name: suite.name, recordedAt, seconds, commit, loadAverage: { before, after: loadavg()[0] }, rows, notes, error };
}

const commit = gitCommit();
const started = performance.now();
const results: BenchSuiteResult[] = [];
for (const suite of positionals.length ? SUITES.filter((candidate) => positionals.includes(candidate.name)) : SUITES) results.push(await runSuite(suite));

const rows = results.flatMap((result) => result.rows);
console.log(formatBenchTable(rows));
const missed = rows.filter((row) => targetMet(row) === false);
if (missed.length > 0) console.log(`\nTargets missed: ${missed.map((row) => row.name).join('; ')}`);
saveBenchRun({ size, machine: { cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? 'unknown', node: process.version }, suites: results }, SUITES);
console.log(`\nAll ${results.length} benchmarks in ${((performance.now() - started) / 1000).toFixed(0)} s; figures in reports/BENCH.md.`);
const threw = results.filter((result) => result.error !== null);
if (threw.length > 0) console.error(`\nThese benchmarks threw: ${threw.map((result) => result.name).join(', ')}.`);
// Exits even if a benchmark that threw left a handle open (a server, a browser), so CI never hangs.
process.exit(threw.length > 0 ? 1 : 0);
