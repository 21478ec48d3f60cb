import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeBenchFile, readBenchFile, renderBenchReport, saveBenchRun, type BenchFile, type BenchSuiteResult } from '../bench/bench-report';

const SUITES = [
  { name: 'engine', title: 'Price engine', file: 'tests/bench/price-engine-bench.ts' },
  { name: 'bulk', title: 'Bulk pricing (/pgt)', file: 'tests/bench/bulk-pricing-bench.ts' },
];

const result = (name: string, overrides: Partial<BenchSuiteResult> = {}): BenchSuiteResult => ({
  name,
  recordedAt: '2026-11-28T18:00:00.000Z',
  seconds: 12,
  commit: 'abc1234',
  loadAverage: { before: 1.5, after: 2.25 },
  rows: [{ name: `${name}: a figure (compared: another)`, ms: 4, comparedMs: 2, ratio: 2, target: '< 5 ms' }],
  notes: [`${name} said something`],
  error: null,
  ...overrides,
});

const file = (size: BenchFile['size'], suites: BenchSuiteResult[]): BenchFile => ({
  size,
  machine: { cores: 2, cpu: 'Test CPU', node: 'v22.0.0' },
  suites,
});

describe('the benchmark report', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('keeps the last figures of benchmarks a run left out, in the suites’ order', () => {
    const earlier = file('full', [result('engine', { seconds: 1 }), result('bulk', { seconds: 2 })]);
    const merged = mergeBenchFile(earlier, file('full', [result('engine', { seconds: 3 })]), SUITES);
    expect(merged.suites.map((suite) => [suite.name, suite.seconds])).toEqual([
      ['engine', 3],
      ['bulk', 2],
    ]);
  });

  it('shows each full figure beside its target, and a quick run’s benchmark that threw with its error', () => {
    const missed = result('bulk', { rows: [{ name: 'bulk: a | slow figure', ms: 2500, comparedMs: 500, ratio: 5, target: '< 2,000 ms' }] });
    const thrown = result('bulk', { rows: [], error: 'Error: PUT currencies/1/1: 400 Send the version you loaded\n    at somewhere' });
    const report = renderBenchReport(file('full', [result('engine'), missed]), file('quick', [result('engine'), thrown]), SUITES);
    expect(report).toContain('| engine: a figure (compared: another) | 4.00 | 2.00 | 2.0x | < 5 ms: met |');
    expect(report).toContain('| bulk: a \\| slow figure | 2500 | 500 | 5.0x | < 2,000 ms: **missed** |');
    expect(report).toContain(
      '| Bulk pricing (/pgt) (`bulk`) | 2026-11-28 18:00 | abc1234 | 12 | 1.5, 2.3 | **threw**: Error: PUT currencies/1/1: 400 Send the version you loaded |',
    );
    expect(report).toContain('    engine said something');
    expect(report.split('## Quick run')[1]).toContain('```\nError: PUT currencies/1/1: 400 Send the version you loaded\n    at somewhere\n```');
  });

  it('says so when a size has no run yet', () => {
    const report = renderBenchReport(null, null, SUITES);
    expect(report).toContain('No full run recorded yet.');
    expect(report).toContain('No quick run recorded yet.');
  });

  it('saves a run beside the other size’s figures and writes the report from both', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
    folders.push(folder);
    const report = path.join(folder, 'BENCH.md');
    saveBenchRun(file('full', [result('engine', { notes: ['full run note'] })]), SUITES, folder, report);
    saveBenchRun(file('quick', [result('bulk', { notes: ['quick run note'] })]), SUITES, folder, report);
    expect(readBenchFile('full', folder)?.suites.map((suite) => suite.name)).toEqual(['engine']);
    expect(readBenchFile('quick', folder)?.suites.map((suite) => suite.name)).toEqual(['bulk']);
    const written = readFileSync(report, 'utf8');
    expect(written).toContain('full run note');
    expect(written).toContain('| Bulk pricing (/pgt) (`bulk`) |');
  });
});
