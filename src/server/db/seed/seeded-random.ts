// A small seeded PRNG (mulberry32) with the draws the generator needs. Every value the seed
// writes comes from here, in a fixed order, so the same seed gives the same data.

export type SeededRandom = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One item, more likely where its weight is higher. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  /** `count` distinct items in their original order. */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** A new generator whose stream depends only on this seed and `label`. */
  fork: (label: string) => SeededRandom;
};

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: turns a label into a 32-bit number for fork(). */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index++) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createSeededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick() needs at least one item');
    return items[Math.floor(next() * items.length)];
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return entries[entries.length - 1][0];
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, items.length);
      while (chosen.size < wanted) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]);
    },
    // Separate streams per area keep, say, the bookings identical when tours gain a field.
    fork: (label) => createSeededRandom((seed ^ hashLabel(label)) >>> 0),
  };
}
