import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { priceHistoryQueries } from '../../api/price-history-queries';
import { formatDateTime } from '../../domain/format-date';
import type { ChangeEvent } from '../../domain/contract/presence';
import type { PriceRowKind } from '../../domain/pricing/price-history';
import { changedCells } from '../../grid/commands/changed-cells';
import type { FoundCellRef } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { notifyError, notifySuccess } from '../../ui/notify';
import { authorName } from './price-history-text';
import type { SeasonFollow, SeasonPresence } from './use-season-follow';
import './season-presence.css';

/** What a season tab's workspace takes to show presence and notices (issue 29); none in screen tests. */
export type FollowProps = {
  follow?: SeasonFollow;
  /** "Bring them in" with edits staged: rebases them onto the season as now stored (the three-way merge's seam). */
  onRebase?: (change: ChangeEvent) => void;
};

/** "Also here: anna@example.com, ben@example.com": who else has this season open, beside the Save button. */
export function AlsoHere({ presence }: { presence: Pick<SeasonPresence, 'others'> }) {
  if (presence.others.length === 0) return null;
  return (
    <span className="also-here muted" role="status" aria-label="Also here">
      Also here: {presence.others.join(', ')}
    </span>
  );
}

/** The grid "Show their changes" marks (its rows, by stored id, and its Find & Replace highlight), and the season whose history it reads. */
export type HighlightTarget = {
  tourId: string;
  seasonId: string;
  kind: PriceRowKind;
  model: { readonly rows: readonly PriceRow[]; highlight(cells: readonly FoundCellRef[]): void };
};

type ChangeNoticeProps = {
  presence: Pick<SeasonPresence, 'changes' | 'dismiss'>;
  /** None where there is no price grid (specifications, /pgt): the notice then cannot show cells. */
  grid?: HighlightTarget;
  onBringIn: (change: ChangeEvent) => void;
};

/** 'ben@example.com saved 2 rows of this season at 28 Nov 2026, 14:03 (and 1 earlier save).' */
function noticeText(change: ChangeEvent, earlier: number, what: string): string {
  const rows = `${change.rows} row${change.rows === 1 ? '' : 's'}`;
  const more = earlier > 0 ? ` (and ${earlier} earlier save${earlier === 1 ? '' : 's'})` : '';
  return `${authorName(change.author)} saved ${rows}${what} at ${formatDateTime(change.created_at)}${more}.`;
}

/**
 * The notice of someone else's save of the open season (issue 29): who, when, how many rows, and
 * two ways on. "Show their changes" highlights in this tab's grid the cells their save changed,
 * read from the price history; "Bring them in" hands the save to `onBringIn`.
 */
export function ChangeNotice({ presence, grid, onBringIn }: ChangeNoticeProps) {
  const queryClient = useQueryClient();
  const change = presence.changes.at(-1);
  if (!change) return null;
  const earlier = presence.changes.length - 1;
  const showTheirChanges = async () => {
    if (!grid) return;
    try {
      const set = await queryClient.fetchQuery(priceHistoryQueries.changeSet(grid.tourId, grid.seasonId, change.change_set_id));
      const cells = changedCells(set.changes, grid.model.rows, grid.kind);
      grid.model.highlight(cells);
      if (cells.length === 0) notifySuccess('Their save changed no cell shown in this tab (rows of another tab, or rows added or removed).');
    } catch (error) {
      notifyError(errorText(error));
    }
  };
  const dismiss = () => {
    grid?.model.highlight([]);
    presence.dismiss(change.change_set_id);
  };
  return (
    <div className="change-notice" role="alert">
      <span>{noticeText(change, earlier, grid ? ' of this season' : '')}</span>
      {grid && (
        <button type="button" className="button" onClick={() => void showTheirChanges()}>
          Show their changes
        </button>
      )}
      <button
        type="button"
        className="button primary"
        onClick={() => {
          grid?.model.highlight([]);
          onBringIn(change);
        }}
      >
        Bring them in
      </button>
      <button type="button" className="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * What "Bring them in" does in a season tab. With nothing staged, the season is fetched again
 * and the workspace rebuilt on it. With staged edits, the rebase of those edits onto the new
 * season is `rebase`: the three-way merge's seam, which the tab passes in; until a tab has one,
 * the clerk is told to save or undo first, and nothing staged is touched.
 */
export function bringInWith(follow: Pick<SeasonFollow, 'reload'>, dirty: boolean, rebase?: (change: ChangeEvent) => void) {
  return (change: ChangeEvent) => {
    if (!dirty) {
      void follow.reload().catch(notifyError);
      return;
    }
    if (rebase) rebase(change);
    else notifyError('You have unsaved changes here: save them (or undo them), then bring the other changes in.');
  };
}
