// npx tsx tests/bench/run-bench.ts (npm run bench): prints the price engine and bulk pricing benchmarks.

import { formatBenchTable, targetMet } from './bench-table';
import { runBulkPricingBench } from './bulk-pricing-bench';
import { runPriceEngineBench } from './price-engine-bench';
import { runPricingGridBench } from './pricing-grid-bench';

const rows = [...(await runPriceEngineBench()), ...(await runBulkPricingBench((message) => console.log(message))), ...(await runPricingGridBench())];
console.log(formatBenchTable(rows));
const missed = rows.filter((row) => targetMet(row) === false);
if (missed.length > 0) console.log(`\nTargets missed: ${missed.map((row) => row.name).join('; ')}`);
