// How much work the long suites of `npm run test:stress` do. Unset, they run their full counts;
// STRESS_COUNTS=ci picks the smaller ones .ci/run uses so that the whole CI run fits in 25 minutes
// on two cores. A count's own variable (FUZZ_RUNS=10000, CRASH_CYCLES=5, ...) still wins over both.
// The full counts cover the same code as the CI ones, only longer: more random requests, kills,
// rounds and seconds, so a rare defect has more chances to show.

type StressCount = { variable: string; full: number; ci: number };

const STRESS_COUNTS = {
  fuzzRuns: { variable: 'FUZZ_RUNS', full: 10_000, ci: 4_000 },
  crashCycles: { variable: 'CRASH_CYCLES', full: 20, ci: 8 },
  concurrencyRounds: { variable: 'CONCURRENCY_ROUNDS', full: 200, ci: 100 },
  gridBrowserRuns: { variable: 'GRID_BROWSER_RUNS', full: 25, ci: 15 },
  loadSeconds: { variable: 'LOAD_SECONDS', full: 30, ci: 5 },
  mergingClerksSeconds: { variable: 'MERGING_CLERKS_SECONDS', full: 60, ci: 20 },
  clusterConnections: { variable: 'CLUSTER_CONNECTIONS', full: 50, ci: 20 },
  clusterKills: { variable: 'CLUSTER_KILLS', full: 20, ci: 3 },
} satisfies Record<string, StressCount>;

export type StressCountName = keyof typeof STRESS_COUNTS;

export function stressCountsAreCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const chosen = env.STRESS_COUNTS ?? 'full';
  if (chosen !== 'ci' && chosen !== 'full') throw new Error(`STRESS_COUNTS must be "ci" or "full", not "${chosen}".`);
  return chosen === 'ci';
}

/** The count to run: its own variable if set, else the CI or the full count. */
export function stressCount(name: StressCountName, env: NodeJS.ProcessEnv = process.env): number {
  const count: StressCount = STRESS_COUNTS[name];
  const own = env[count.variable];
  if (own !== undefined && own !== '') {
    const value = Number(own);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${count.variable} must be a positive number, not "${own}".`);
    return value;
  }
  return stressCountsAreCi(env) ? count.ci : count.full;
}
