// Measures the price workbook (gross, net, subtotal, cost and profit as HyperFormula cells, as
// every grid prices) against the same computation as a plain TypeScript loop, up to the season
// limit of 5,000 prices.
//
// Grids hold tour prices spread over a model's four rates; every fifth row is a `[n]+k` formula on
// an earlier row and every seventh an arithmetic formula. The plain loop evaluates those by a
// forward pass over arrays and prices every row with computePrice; having no dependency graph, it
// recomputes the whole grid for a single edit too. Times are medians: builds of 3 or 9, 201 edits
// (21 when quick) of a random row's gross, 5 rate changes with every row on the changed rate (the worst case).

import { type MarkupRate, computePrice, resolveRate } from '../../src/domain/price-maths';
import { PriceWorkbook } from '../../src/formulas/price-workbook';
import type { PriceRowInput } from '../../src/formulas/price-rows';
import type { BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';

const RATES: MarkupRate[] = [
  { id: 41, commission: 20, markup: 1.32, supplement_markup: 1.11 },
  { id: 42, commission: 15, markup: 1.31, supplement_markup: 1.11 },
  { id: 43, commission: 10, markup: 1.28, supplement_markup: 1.11 },
  { id: 44, commission: 5, markup: 1.28, supplement_markup: 1.11 },
];
const CURRENCY_RATE = 1.085;

/** A grid as the plain loop sees it: plain gross, or `gross[ref] + add`. */
type PlainGrid = { base: Float64Array; ref: Int32Array; add: Float64Array; inputs: PriceRowInput[] };

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeGrid(size: number, rateIds: readonly number[]): PlainGrid {
  const next = random(size);
  const grid: PlainGrid = { base: new Float64Array(size), ref: new Int32Array(size).fill(-1), add: new Float64Array(size), inputs: [] };
  for (let row = 0; row < size; row++) {
    const base = 400 + Math.round(next() * 800);
    const input: PriceRowInput = {
      formula: null,
      gross: base,
      non_com: row % 3 === 0 ? 40 : 0,
      adjustment: row % 4 === 0 ? 15 : 0,
      markup_rate_id: rateIds[row % rateIds.length],
    };
    if (row % 5 === 4) {
      const ref = row - 1 - Math.floor(next() * Math.min(row, 20));
      const add = 25 + Math.round(next() * 200);
      grid.ref[row] = ref;
      grid.add[row] = add;
      input.formula = `[${ref}]+${add}`;
    } else if (row % 7 === 6) {
      input.formula = `(${base}*.9+${base}+${base})/3`;
      grid.base[row] = (base * 0.9 + base + base) / 3;
    } else {
      grid.base[row] = base;
    }
    grid.inputs.push(input);
  }
  return grid;
}

/** The plain loop: formulas by a forward pass (references point at earlier rows), then prices. */
function plainEvaluate(grid: PlainGrid, rates: readonly MarkupRate[]): number {
  const gross = new Float64Array(grid.base.length);
  let checksum = 0;
  for (let row = 0; row < gross.length; row++) {
    const ref = grid.ref[row];
    gross[row] = ref >= 0 ? gross[ref] + grid.add[row] : grid.base[row];
    const input = grid.inputs[row];
    const price = computePrice({ ...input, gross: gross[row] }, resolveRate(rates, input.markup_rate_id), CURRENCY_RATE, 'tour');
    checksum += price.cost;
  }
  return checksum;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function repeat(times: number, run: (i: number) => unknown): number {
  return median(Array.from({ length: times }, (_, i) => time(() => run(i))));
}

const row = (name: string, ms: number, comparedMs: number, target?: string): BenchRow => ({
  name,
  ms,
  comparedMs,
  ratio: ms / Math.max(comparedMs, 1e-6),
  ...(target === undefined ? {} : { target }),
});

const workbookFor = (grid: PlainGrid, rates: MarkupRate[]) => new PriceWorkbook({ rows: grid.inputs, rates, currencyRate: CURRENCY_RATE, kind: 'tour' });

// Each row is compared with the same computation as a plain TypeScript loop over arrays.
const VERSUS = 'cells vs a plain loop';

function benchGrid(size: number, edits: number): BenchRow[] {
  const grid = makeGrid(
    size,
    RATES.map((rate) => rate.id),
  );
  const builds = size >= 2000 ? 3 : 9;
  const build = repeat(builds, () => workbookFor(grid, RATES).destroy());
  const plainBuild = repeat(builds, () => plainEvaluate(grid, RATES));

  const workbook = workbookFor(grid, RATES);
  const next = random(7);
  const edit = repeat(edits, () => workbook.setGross(Math.floor(next() * size), 400 + Math.round(next() * 800)));
  const plainEdit = repeat(edits, () => plainEvaluate(grid, RATES));
  workbook.destroy();
  return [
    row(`build, ${size} rows (${VERSUS})`, build, plainBuild),
    row(`edit one gross, ${size} rows (${VERSUS})`, edit, plainEdit, size === 500 ? '< 5 ms' : undefined),
  ];
}

/** Every row on the rate being changed: the worst case, all net/subtotal/cost/profit cells move. */
function benchRateChange(size: number): BenchRow {
  const grid = makeGrid(size, [RATES[0].id]);
  const workbook = workbookFor(grid, RATES);
  const changes = 5;
  const change = repeat(changes, (i) => workbook.setRate(RATES[0].id, { commission: 19 - i }));
  const plainRates = RATES.map((rate) => ({ ...rate }));
  const plainChange = repeat(changes, (i) => {
    plainRates[0].commission = 19 - i;
    return plainEvaluate(grid, plainRates);
  });
  workbook.destroy();
  return row(`model rate change, ${size} rows (${VERSUS})`, change, plainChange, size === 2000 ? '< 100 ms' : undefined);
}

/** Runs every code path once so the first measurement does not pay for JIT compilation. */
function warmUp(): void {
  for (let i = 0; i < 3; i++) {
    const workbook = workbookFor(makeGrid(300, [RATES[0].id]), RATES);
    workbook.setGross(10, 700);
    workbook.setRate(RATES[0].id, { commission: 18 + i });
    workbook.destroy();
  }
}

const SIZES = {
  full: { grids: [60, 500, 2000, 5000], rateChanges: [2000, 5000], edits: 201 },
  quick: { grids: [60, 500], rateChanges: [500], edits: 21 },
};

export async function runPriceEngineBench(options: BenchOptions): Promise<BenchRow[]> {
  const sizes = SIZES[options.size];
  warmUp();
  const rows: BenchRow[] = [];
  for (const size of sizes.grids) rows.push(...benchGrid(size, sizes.edits));
  for (const size of sizes.rateChanges) rows.push(benchRateChange(size));
  return rows;
}
