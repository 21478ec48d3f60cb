// A price group holds one or more date ranges (SPEC.md section 2). The group's own start and end
// stay the span of its ranges (first start, last end), so every reader of those two columns
// (legacy import and readback, the seeded bookings, Copy From of older answers) keeps working.

/** One date range of a price group; an empty end is allowed while the screen edits, a save refuses it. */
export type DateRange = { start: string | null; end: string | null };

/**
 * A group's ranges as stored: the ranges column when it holds any, else the group's own start and
 * end as one range (groups written before ranges existed, or by the legacy import and the seed),
 * else none.
 */
export function storedDateRanges(group: { date_ranges?: readonly DateRange[] | null; start: string | null; end: string | null }): DateRange[] {
  if (group.date_ranges && group.date_ranges.length > 0) return group.date_ranges.map(({ start, end }) => ({ start, end }));
  return group.start !== null && group.end !== null ? [{ start: group.start, end: group.end }] : [];
}

/** Ranges in date order (an empty start last), the order a save stores them in. */
export const sortedDateRanges = (ranges: readonly DateRange[]): DateRange[] =>
  [...ranges].sort((a, b) => (a.start ?? '9999').localeCompare(b.start ?? '9999') || (a.end ?? '9999').localeCompare(b.end ?? '9999'));

/** The span of the ranges, the group's start and end: the earliest start and the latest end. */
export function dateSpan(ranges: readonly DateRange[]): DateRange {
  const starts = ranges.flatMap((range) => (range.start ? [range.start] : [])).sort();
  const ends = ranges.flatMap((range) => (range.end ? [range.end] : [])).sort();
  return { start: starts[0] ?? null, end: ends.at(-1) ?? null };
}

/** The first pair of ranges that share a day, as indexes into `ranges`; null when none do. */
export function overlappingRanges(ranges: readonly DateRange[]): [number, number] | null {
  for (let a = 0; a < ranges.length; a += 1) {
    for (let b = a + 1; b < ranges.length; b += 1) {
      const [first, second] = [ranges[a], ranges[b]];
      if (!first.start || !first.end || !second.start || !second.end) continue;
      if (first.start <= second.end && second.start <= first.end) return [a, b];
    }
  }
  return null;
}
