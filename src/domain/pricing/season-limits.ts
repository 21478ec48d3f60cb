import { z } from 'zod';

/**
 * How many rows one season may hold, per kind: what staff really keep, with room to spare. The
 * server runs on one thread with the embedded database on it, and a save of 100,000 prices froze
 * it for 10 s (and every later read of the season for 1.4 s), so a save past these is refused
 * before its rows are even parsed. The grid checks the same numbers before it sends a save.
 */
export const SEASON_LIMITS = {
  /** Price groups of a season's pricing. */
  groups: 200,
  /** Prices across all groups of a season. */
  prices: 5000,
  /** Bikes offered in a season. */
  bikes: 500,
  /** Child and deck reductions of a season. */
  reductions: 500,
  /** Extras of one kind (party or room). */
  extras: 500,
  /** Variations across all extras of one kind in one save. */
  variations: 2000,
} as const;

/** The refusal of a save past a limit: 'A season holds at most 200 groups; this save has 201'. */
export function overLimitMessage(what: string, limit: number, count: number): string {
  return `A season holds at most ${limit.toLocaleString('en-GB')} ${what}; this save has ${count.toLocaleString('en-GB')}`;
}

/** A limit on a list as sent: `count` reads the raw list (so nested lists can be totalled). */
export type RowLimit = { what: string; limit: number; count: (raw: readonly unknown[]) => number };

/** How many rows the nested lists `key` of a raw list hold together (non-lists count 0). */
export function nestedCount(key: string): (raw: readonly unknown[]) => number {
  return (raw) =>
    raw.reduce<number>(
      (sum, item) =>
        sum +
        (typeof item === 'object' && item !== null && Array.isArray((item as Record<string, unknown>)[key])
          ? ((item as Record<string, unknown>)[key] as unknown[]).length
          : 0),
      0,
    );
}

/** The limit of a plain list: its own length. */
export const ownLength = (raw: readonly unknown[]) => raw.length;

/** The first limit's refusal that a list as sent breaks, or undefined. */
export function overLimitProblem(raw: readonly unknown[], limits: readonly RowLimit[]): string | undefined {
  for (const { what, limit, count } of limits) {
    const sent = count(raw);
    if (sent > limit) return overLimitMessage(what, limit, sent);
  }
  return undefined;
}

/** The limits of a season's pricing, over its list of groups. */
export const SEASON_PRICING_LIMITS: readonly RowLimit[] = [
  { what: 'groups', limit: SEASON_LIMITS.groups, count: ownLength },
  { what: 'prices', limit: SEASON_LIMITS.prices, count: nestedCount('prices') },
];

/**
 * `list` refused with the limit's message when the raw list sent is over any of `limits`,
 * checked before any row is parsed: zod would otherwise parse (and default) every row first.
 */
export function limitedList<Schema extends z.ZodType>(list: Schema, limits: readonly RowLimit[]): Schema {
  const limited = z.preprocess((raw, context) => {
    const problem = Array.isArray(raw) ? overLimitProblem(raw, limits) : undefined;
    if (problem === undefined) return raw;
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }, list);
  // Typed as the list itself (a preprocess takes `unknown`): it accepts and gives the same values,
  // so request types built with z.input keep their rows' types.
  return limited as unknown as Schema;
}
