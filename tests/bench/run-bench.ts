// npx tsx tests/bench/run-bench.ts (npm run bench): prints the price engine benchmark.

import { formatBenchTable, targetMet } from './bench-table';
import { runPriceEngineBench } from './price-engine-bench';
import { runPricingGridBench } from './pricing-grid-bench';

const rows = [...(await runPriceEngineBench()), ...(await runPricingGridBench())];
console.log(formatBenchTable(rows));
const missed = rows.filter((row) => targetMet(row) === false);
if (missed.length > 0) console.log(`\nTargets missed: ${missed.map((row) => row.name).join('; ')}`);
