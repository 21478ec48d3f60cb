// Copy From shows what it will do before it does it (issue 17, defect 5): this is that preview,
// worked out from counts and dates alone so every tab that copies says it the same way.

import { seasonYearsApart } from '../pricing/season-years-apart.js';
import { shiftDateByYears } from '../pricing/shift-date-by-years.js';

/** Replace removes what the season holds before adding the copies; Append keeps it. */
export type CopyMode = 'replace' | 'append';
/** A number of things, named in the singular: `{ count: 3, noun: 'price' }`. */
export type CopyCount = { count: number; noun: string };
export type CopiedDateRange = { start: string | null; end: string | null };

export type SeasonCopyInput = {
  mode: CopyMode;
  sourceSeason: string;
  targetSeason: string;
  /** What this season holds now, and what the copy brings. */
  existing: readonly CopyCount[];
  copied: readonly CopyCount[];
  /** The date ranges of the copied rows, as the source season has them. */
  ranges: readonly CopiedDateRange[];
  /** How the screen shows a date ('01/05/2026'); ISO when left out. */
  formatDate?: (iso: string) => string;
};

/** `years` is how far every copied date moves; `lines` say what the copy will do. */
export type SeasonCopyPlan = { years: number; lines: string[] };

/** Past this many date ranges the preview counts the rest rather than listing them. */
export const LISTED_RANGES = 12;

/** '1 group', '3 prices'. */
export const countedText = ({ count, noun }: CopyCount) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const listed = (counts: readonly CopyCount[]) => {
  const parts = counts.map(countedText);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
};
const isoDate = (iso: string) => iso;
const rangeText = (range: CopiedDateRange, years: number, format = isoDate) => {
  const day = (date: string | null) => (date === null ? '…' : format(shiftDateByYears(date, years)));
  return `${day(range.start)} – ${day(range.end)}`;
};

function modeLine({ mode, existing, copied }: SeasonCopyInput): string {
  const holds = existing.some((count) => count.count > 0);
  if (mode === 'replace')
    return holds
      ? `Replace: removes the ${listed(existing)} of this season, adds ${listed(copied)}.`
      : `Replace: this season has nothing to remove, adds ${listed(copied)}.`;
  return holds ? `Append: keeps the ${listed(existing)} of this season, adds ${listed(copied)} after them.` : `Append: adds ${listed(copied)}.`;
}

function dateLines(input: SeasonCopyInput, years: number): string[] {
  const ranges = [...new Map(input.ranges.filter((range) => range.start !== null || range.end !== null).map((range) => [rangeText(range, 0), range])).values()];
  if (ranges.length === 0) return [];
  if (years === 0) return [`Dates are kept as they are (season ${input.sourceSeason} into season ${input.targetSeason}).`];
  const heading =
    `Dates move ${Math.abs(years)} year${Math.abs(years) === 1 ? '' : 's'} ` +
    `${years > 0 ? 'ahead' : 'back'}, from season ${input.sourceSeason} into season ${input.targetSeason}:`;
  const moved = ranges.slice(0, LISTED_RANGES).map((range) => `${rangeText(range, 0, input.formatDate)} becomes ${rangeText(range, years, input.formatDate)}`);
  const more = ranges.length - LISTED_RANGES;
  return [heading, ...moved, ...(more > 0 ? [`and ${more} more date range${more === 1 ? '' : 's'}, moved the same way`] : [])];
}

/** What a Copy From will do: replace or append, the counts, and every copied date range before and after its move. */
export function planSeasonCopy(input: SeasonCopyInput): SeasonCopyPlan {
  const years = seasonYearsApart(input.sourceSeason, input.targetSeason);
  return { years, lines: [modeLine(input), ...dateLines(input, years)] };
}
