// `npm test` runs the fuzz test with this seed, so the same requests every time; the stress run
// draws a new one each time to try other sequences.
export const FIXED_FUZZ_SEED = 28;

/**
 * The seed the fuzz run's random sequence comes from: FUZZ_SEED when set (to rerun a failing run
 * exactly), else a fixed one, or in the stress run a new one. The test prints it and names it in
 * every test's title.
 */
export function fuzzSeed(env: Record<string, string | undefined>, stress: boolean): number {
  const given = env.FUZZ_SEED?.trim();
  if (given) {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not "${given}"`);
    return seed;
  }
  return stress ? Math.floor(Math.random() * 2 ** 31) : FIXED_FUZZ_SEED;
}

/**
 * A route's own seed, made from the run's and the route's name (FNV-1a, 32 bits): each route
 * gets a sequence of its own, the same at every run with the same seed.
 */
export function routeSeed(seed: number, route: string): number {
  let hash = 0x811c9dc5;
  for (const character of `${seed}:${route}`) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
