import { useCallback, useEffect, useState } from 'react';
import { presenceStreamEndpoints, type ChangeEvent, type StreamEvent } from '../../domain/contract/presence';
import { followPresenceStream } from '../../api/presence-stream';

/** What the presence stream of an open season has told: who else is here, and their saves not yet dealt with. */
export type SeasonPresence = {
  others: readonly string[];
  /** Others' saves since the tab opened, oldest first, until dismissed or brought in. */
  changes: readonly ChangeEvent[];
  dismiss: (changeSetId: number) => void;
};

/** Which stream to follow: a season's tabs, or the bulk pricing page of a season. */
export type PresenceTarget = { tourId: string; seasonId: string } | { pgtSeasonId: number };

/** A notice keeps at most this many saves (the newest): more than that is a reason to reload anyway. */
const KEPT_CHANGES = 10;

/** Follows the presence stream of the season open in this browser tab (issue 29), for as long as the tab shows it. */
export function useSeasonPresence(target: PresenceTarget | null): SeasonPresence {
  const [others, setOthers] = useState<readonly string[]>([]);
  const [changes, setChanges] = useState<readonly ChangeEvent[]>([]);
  // Primitives, so that a new target object naming the same season does not reconnect.
  const tourId = target !== null && 'tourId' in target ? target.tourId : null;
  const seasonId = target !== null && 'seasonId' in target ? target.seasonId : null;
  const pgtSeasonId = target !== null && 'pgtSeasonId' in target ? target.pgtSeasonId : null;
  useEffect(() => {
    setOthers([]);
    setChanges([]);
    const onEvent = (event: StreamEvent) => {
      if (event.type === 'presence') setOthers(event.others);
      else setChanges((current) => [...current, event].slice(-KEPT_CHANGES));
    };
    if (pgtSeasonId !== null) return followPresenceStream(presenceStreamEndpoints.bulkPricing, { seasonId: pgtSeasonId }, onEvent);
    if (tourId !== null && seasonId !== null) return followPresenceStream(presenceStreamEndpoints.season, { tourId, seasonId }, onEvent);
    return undefined;
  }, [tourId, seasonId, pgtSeasonId]);
  const dismiss = useCallback((changeSetId: number) => setChanges((current) => current.filter((change) => change.change_set_id !== changeSetId)), []);
  return { others, changes, dismiss };
}

/**
 * A season tab's presence, and how it takes in others' saves. The tab view holds it, above its
 * workspace, so that the stream stays open while the workspace is rebuilt on fresh data.
 */
export type SeasonFollow = SeasonPresence & {
  /** Bumped by `reload`: the tab view keys its workspace with it. */
  generation: number;
  /** Refetches the season and rebuilds the workspace on it (only when nothing is staged). */
  reload: () => Promise<void>;
};

/** The season tab view's follow: presence, and a reload that refetches with `refetch` and then rebuilds the workspace. */
export function useSeasonFollow(tourId: string, seasonId: string | null, refetch: () => Promise<unknown>): SeasonFollow {
  const presence = useSeasonPresence(seasonId === null ? null : { tourId, seasonId });
  const [generation, setGeneration] = useState(0);
  const { changes, dismiss } = presence;
  const reload = useCallback(async () => {
    await refetch();
    for (const change of changes) dismiss(change.change_set_id);
    setGeneration((current) => current + 1);
  }, [refetch, changes, dismiss]);
  return { ...presence, generation, reload };
}
