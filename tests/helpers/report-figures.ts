import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';

// npm run seen-failing points this elsewhere, so runs against a planted break leave the figures alone.
export const FIGURES_FOLDER = path.resolve(process.env.REPORT_FIGURES_DIR ?? 'reports/figures');

export type FiguresFile = {
  suite: string;
  /** `stress` in `npm run test:stress`, `quick` in `npm test`. */
  mode: 'quick' | 'stress';
  /** The database the suite ran on. */
  engine: 'pglite' | 'postgres';
  recordedAt: string;
  /** Whether every test of the suite's file had passed when the figures were written. */
  passed: boolean;
  failedTests: number;
  figures: Record<string, unknown>;
};

// The figures are written whether the tests pass or not (a failing run's numbers say why); the
// report says which. Every test file that records figures imports this module, so the hook
// counts that file's failed tests.
let failedTests = 0;
afterEach((context) => {
  if (context.task.result?.state === 'fail') failedTests += 1;
});

export function reportMode(): FiguresFile['mode'] {
  return process.env.REPORT_MODE === 'stress' ? 'stress' : 'quick';
}

export function reportEngine(): FiguresFile['engine'] {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/**
 * Saves a suite's figures for `npm run report` (reports/figures/<suite>-<mode>-<engine>.json).
 * Each run overwrites the file of its own suite, mode and engine.
 */
export function recordFigures(suite: string, figures: Record<string, unknown>, engine = reportEngine()): string {
  const file: FiguresFile = { suite, mode: reportMode(), engine, recordedAt: new Date().toISOString(), passed: failedTests === 0, failedTests, figures };
  mkdirSync(FIGURES_FOLDER, { recursive: true });
  const target = path.join(FIGURES_FOLDER, `${suite}-${file.mode}-${engine}.json`);
  writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
  return target;
}
