import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { priceHistoryQueries } from '../../api/price-history-queries';
import { formatDateTime } from '../../domain/bookings/booking-money';
import { formatPounds } from '../../domain/format-money';
import type { ChangeSet, PriceRowKind } from '../../domain/pricing/price-history';
import { restoredChanges } from '../../grid/commands/restore-change-set';
import type { SelectOption } from '../../grid/price-grid-context';
import type { PriceGridView } from '../../grid/price-grid-model';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/notify';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { ChangedCellsTable } from './changed-cells-table';
import { authorName, commissionLabel, SOURCE_NAMES } from './price-history-text';
import './price-history-panel.css';

type Props = {
  tourId: string;
  seasonId: string;
  /** The rows of this tab: a change set's changes of other tabs are left out here. */
  kind: PriceRowKind;
  /** The grid row number of a stored price, or undefined when it is no longer in the grid. */
  rowNumberOf: (priceId: number) => number | undefined;
  /** The commission a rate id stands for, as the grid shows it. */
  commissionOf: (rateId: number | null) => string;
  /** Restore these values: stage the change set's before values in the grid. */
  onRestore: (set: ChangeSet) => void;
};

/**
 * History (issue 22): the season's change sets, newest first, with who, when, how many rows and
 * the cost they moved; one opens as before -> after per changed cell, and can be put back.
 */
export function PriceHistoryButton(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)} aria-expanded={open}>
        History
      </button>
      {open && <PriceHistoryDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function PriceHistoryDialog({ tourId, seasonId, kind, rowNumberOf, commissionOf, onRestore, onClose }: Props & { onClose: () => void }) {
  const sets = useQuery(priceHistoryQueries.season(tourId, seasonId));
  const [openSet, setOpenSet] = useState<number | null>(null);
  return (
    <Modal title="Price history" onClose={onClose} className="price-history-dialog">
      {sets.isPending ? (
        <LoadingView label="Loading the history…" />
      ) : sets.isError ? (
        <ErrorView message={sets.error.message} />
      ) : sets.data.length === 0 ? (
        <p>No saved changes yet.</p>
      ) : openSet === null ? (
        <table className="table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th className="num">Rows</th>
              <th className="num">Cost change</th>
            </tr>
          </thead>
          <tbody>
            {sets.data.map((set) => (
              <tr key={set.id}>
                <td>
                  <button type="button" className="link-button" onClick={() => setOpenSet(set.id)}>
                    {formatDateTime(set.created_at)}
                  </button>
                </td>
                <td>{authorName(set.author)}</td>
                <td>{SOURCE_NAMES[set.source] ?? set.source}</td>
                <td className="num">{set.row_count}</td>
                <td className="num">{formatPounds(set.cost_change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ChangeSetView
          tourId={tourId}
          seasonId={seasonId}
          changeSetId={openSet}
          kind={kind}
          rowNumberOf={rowNumberOf}
          commissionOf={commissionOf}
          onBack={() => setOpenSet(null)}
          onRestore={(set) => {
            onRestore(set);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function ChangeSetView({
  tourId,
  seasonId,
  changeSetId,
  kind,
  rowNumberOf,
  commissionOf,
  onBack,
  onRestore,
}: Omit<Props, 'onRestore'> & { changeSetId: number; onBack: () => void; onRestore: (set: ChangeSet) => void }) {
  const set = useQuery(priceHistoryQueries.changeSet(tourId, seasonId, changeSetId));
  if (set.isPending) return <LoadingView label="Loading the changes…" />;
  if (set.isError) return <ErrorView message={set.error.message} />;
  const changes = set.data.changes.filter((change) => change.kind === kind);
  const restorable = changes.some((change) => change.before !== null);
  return (
    <div className="change-set">
      <p>
        {authorName(set.data.author)}, {formatDateTime(set.data.created_at)}: {set.data.changes.length} row{set.data.changes.length === 1 ? '' : 's'}, cost{' '}
        {formatPounds(set.data.cost_change)}.
      </p>
      <ChangedCellsTable
        leadHeaders={['Row']}
        commissionOf={commissionOf}
        entries={changes.map((change) => {
          const number = rowNumberOf(change.row_id);
          const row = change.before === null ? 'added' : change.after === null ? 'removed' : number === undefined ? 'gone since' : `[${number}]`;
          return { key: `${change.kind}-${change.row_id}`, lead: [row], before: change.before, after: change.after };
        })}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button primary" disabled={!restorable} onClick={() => onRestore(set.data)}>
          Restore these values
        </button>
      </div>
    </div>
  );
}

/** The History button of a price grid: rows and commissions named as the grid shows them, restores staged into `model`. */
export function GridPriceHistory({
  tourId,
  seasonId,
  kind,
  model,
  rateChoices,
}: {
  tourId: string;
  seasonId: string;
  kind: PriceRowKind;
  model: PriceGridView;
  rateChoices: readonly SelectOption[];
}) {
  return (
    <PriceHistoryButton
      tourId={tourId}
      seasonId={seasonId}
      kind={kind}
      rowNumberOf={(priceId) => {
        const index = model.rows.findIndex((row) => row.id === priceId);
        return index < 0 ? undefined : index;
      }}
      commissionOf={(rateId) => commissionLabel(rateChoices, rateId)}
      onRestore={(set) => {
        const { changes, skipped } = restoredChanges(set.changes, model.rows, kind);
        // One edit: one undo step, unsaved until Save.
        model.edit(changes);
        notifySuccess(
          `Restored the values from before this change: check them, then Save${skipped.length ? `. Not restored: ${skipped.map((skip) => `row ${skip.rowId} (${skip.reason})`).join('; ')}` : ''}`,
        );
      }}
    />
  );
}
