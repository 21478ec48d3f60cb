// How a benchmark is run: at full size (`npm run bench`, the figures in reports/BENCH.md) or
// quick (`npm run bench -- --quick`, CI's proof that every benchmark still runs against today's
// API: the demo data instead of the large one, small grids and few repeats; its figures say
// nothing about speed).

import { seededData } from '../helpers/large-demo-data.js';

export type BenchSize = 'full' | 'quick';

export type BenchOptions = { size: BenchSize; log: (message: string) => void };

/**
 * A private copy of the seeded data a benchmark runs on: the large demo data, or the demo data when
 * quick. The seed's progress is printed, not kept among the benchmark's notes.
 */
export const benchData = (options: BenchOptions) =>
  seededData(options.size === 'full' ? 'large' : 'demo', options.log, (message) => console.log(`  seeding: ${message}`));

/** What benchData gives, as a benchmark's figures name it. */
export const benchDataName = (options: BenchOptions) => (options.size === 'full' ? 'the large demo data' : 'the demo data');
