import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { planSeasonCopy, type CopiedDateRange, type CopyCount, type CopyMode, type SeasonCopyPlan } from '../../domain/tours/plan-season-copy';
import type { CopySource, PlannedCopy } from './copy-from-panel';
import { formatDayMonthYear } from './date-text';

export type CopyFromSpec<Copied> = {
  source: CopySource;
  mode: CopyMode;
  /** Reads the source season (readSourceSeason). */
  load: () => Promise<Copied>;
  /** The source season's name. */
  seasonOf: (copied: Copied) => string;
  /** This season's name: copied dates move into its year. */
  targetSeason: string;
  /** What this season holds and what the copy brings; the copy's first count is what it must have some of. */
  existing: readonly CopyCount[];
  copied: (copied: Copied) => readonly CopyCount[];
  /** What a season without anything to copy has none of: 'prices', 'bikes'. */
  what: string;
  /** The copied rows' date ranges, as the source season has them. */
  ranges?: (copied: Copied) => readonly CopiedDateRange[];
  /** Stages the copy (row operations of the model, so undo takes it back), once confirmed. */
  apply: (copied: Copied, plan: SeasonCopyPlan) => void;
};

/**
 * Copy From on a season tab: reads the source season, refuses one with nothing to copy, works out
 * the preview, and stages the copy when it is confirmed.
 */
export async function planCopyFrom<Copied>(spec: CopyFromSpec<Copied>): Promise<PlannedCopy> {
  const copied = await spec.load();
  const counts = spec.copied(copied);
  if ((counts[0]?.count ?? 0) === 0) throw new Error(`${spec.source.tourName} season ${spec.source.seasonName} has no ${spec.what}`);
  const plan = planSeasonCopy({
    mode: spec.mode,
    sourceSeason: spec.seasonOf(copied),
    targetSeason: spec.targetSeason,
    existing: spec.existing,
    copied: counts,
    ranges: spec.ranges?.(copied) ?? [],
    formatDate: formatDayMonthYear,
  });
  return { lines: plan.lines, apply: () => spec.apply(copied, plan) };
}

/** The season to copy from, read afresh; a failure is shown by the Copy From panel, not the app's toast. */
export const readSourceSeason = <T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T> =>
  queryClient.fetchQuery({ ...options, staleTime: 0, ...REPORTS_OWN_ERRORS });
