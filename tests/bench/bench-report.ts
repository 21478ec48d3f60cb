// The benchmarks' figures on disk: each run of `npm run bench` saves what every benchmark measured
// in reports/bench/<size>.json (a run of some benchmarks replaces only theirs) and writes
// reports/BENCH.md from both sizes' files, so the figures are read there and never copied by hand.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchSize } from './bench-options';
import { formatMs, targetMet, type BenchRow } from './bench-table';

/** What one benchmark of a run gave: its figures, what it said while it ran, or why it threw. */
export type BenchSuiteResult = {
  name: string;
  recordedAt: string;
  seconds: number;
  /** The commit it ran on (a run of some benchmarks leaves the others' figures from earlier commits). */
  commit: string | null;
  /** The machine's one-minute load average as the benchmark started and as it ended. */
  loadAverage: { before: number; after: number };
  rows: BenchRow[];
  notes: string[];
  error: string | null;
};

export type BenchFile = {
  size: BenchSize;
  machine: { cores: number; cpu: string; node: string };
  suites: BenchSuiteResult[];
};

/** A benchmark as the report names it: `npm run bench -- NAME`, a title and its source file. */
export type BenchSuiteInfo = { name: string; title: string; file: string };

export const BENCH_FOLDER = path.resolve('reports/bench');
export const BENCH_REPORT = path.resolve('reports/BENCH.md');

export const benchFilePath = (size: BenchSize, folder = BENCH_FOLDER) => path.join(folder, `${size}.json`);

export function readBenchFile(size: BenchSize, folder = BENCH_FOLDER): BenchFile | null {
  const file = benchFilePath(size, folder);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchFile) : null;
}

/** The new results over the earlier file's: benchmarks not run this time keep their last figures; the order is the suites'. */
export function mergeBenchFile(earlier: BenchFile | null, latest: BenchFile, suites: readonly BenchSuiteInfo[]): BenchFile {
  const byName = new Map((earlier?.suites ?? []).map((result) => [result.name, result]));
  for (const result of latest.suites) byName.set(result.name, result);
  return { ...latest, suites: suites.flatMap((suite) => byName.get(suite.name) ?? []) };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const outcome = (result: BenchSuiteResult) => (result.error === null ? `${result.rows.length} figures` : `**threw**: ${cell(result.error.split('\n')[0])}`);

function summary(file: BenchFile, suites: readonly BenchSuiteInfo[]): string[] {
  const title = (name: string) => suites.find((suite) => suite.name === name)?.title ?? name;
  return [
    `Machine: ${file.machine.cores} cores (${file.machine.cpu}), Node ${file.machine.node}.`,
    '',
    '| benchmark | recorded (UTC) | commit | seconds | load average at start, end | result |',
    '| --- | --- | --- | ---: | --- | --- |',
    ...file.suites.map(
      (result) =>
        `| ${title(result.name)} (\`${result.name}\`) | ${when(result.recordedAt)} | ${result.commit ?? '–'} | ${result.seconds.toFixed(0)} | ` +
        `${result.loadAverage.before.toFixed(1)}, ${result.loadAverage.after.toFixed(1)} | ${outcome(result)} |`,
    ),
  ];
}

function figures(result: BenchSuiteResult, info: BenchSuiteInfo | undefined): string[] {
  const verdict = (row: BenchRow) => {
    const met = targetMet(row);
    return met === undefined ? '' : `${row.target}: ${met ? 'met' : '**missed**'}`;
  };
  const lines = [`### ${info?.title ?? result.name} (\`${result.name}\`${info ? `, ${info.file}` : ''})`, ''];
  if (result.error !== null) lines.push('It threw:', '', '```', result.error, '```', '');
  if (result.rows.length > 0)
    lines.push(
      '| measurement | ms | compared ms | ratio | target |',
      '| --- | ---: | ---: | ---: | --- |',
      ...result.rows.map((row) => `| ${cell(row.name)} | ${formatMs(row.ms)} | ${formatMs(row.comparedMs)} | ${row.ratio.toFixed(1)}x | ${verdict(row)} |`),
      '',
    );
  if (result.notes.length > 0) lines.push('What it said while it ran:', '', ...result.notes.map((note) => `    ${note.replace(/\n/g, '\n    ')}`), '');
  return lines;
}

export function renderBenchReport(full: BenchFile | null, quick: BenchFile | null, suites: readonly BenchSuiteInfo[]): string {
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (tests/bench/run-bench.ts) from `reports/bench/full.json` and `reports/bench/quick.json`;',
    'never edit it by hand. `npm run bench` runs every benchmark at full size on the large demo data (300 tours,',
    '50,000 bookings), `npm run bench -- NAME ...` some of them (the others keep their last figures here).',
    '`npm run bench -- --quick`, which CI runs, runs every benchmark at small sizes on the demo data to show that each',
    'still runs against the API of the day: it fails if any benchmark throws, and its figures say nothing about speed.',
    '',
    'Each figure is in ms unless its measurement says KB; "compared" is what its measurement names after "compared:",',
    'and ratio is the figure over it. Browser figures vary by about ±30% between runs and grow with the load average.',
    '',
    '## Full run',
    '',
  ];
  if (full === null || full.suites.length === 0) lines.push('No full run recorded yet.');
  else {
    lines.push(...summary(full, suites), '');
    for (const result of full.suites)
      lines.push(
        ...figures(
          result,
          suites.find((suite) => suite.name === result.name),
        ),
      );
  }
  lines.push('', '## Quick run (small sizes: that each benchmark runs, not how fast)', '');
  if (quick === null || quick.suites.length === 0) lines.push('No quick run recorded yet.');
  else {
    lines.push(...summary(quick, suites));
    const threw = quick.suites.filter((result) => result.error !== null);
    for (const result of threw)
      lines.push(
        '',
        ...figures(
          { ...result, rows: [], notes: [] },
          suites.find((suite) => suite.name === result.name),
        ),
      );
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

/** Saves a run's results (merged into the earlier ones of its size) and rewrites reports/BENCH.md. */
export function saveBenchRun(latest: BenchFile, suites: readonly BenchSuiteInfo[], folder = BENCH_FOLDER, report = BENCH_REPORT): void {
  const merged = mergeBenchFile(readBenchFile(latest.size, folder), latest, suites);
  mkdirSync(folder, { recursive: true });
  writeFileSync(benchFilePath(latest.size, folder), `${JSON.stringify(merged, null, 2)}\n`);
  writeFileSync(report, renderBenchReport(readBenchFile('full', folder), readBenchFile('quick', folder), suites));
}
