import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { priceHistoryQueries } from '../../api/price-history-queries';
import { formatPounds } from '../../domain/format-money';
import type { ChangeSet, PriceRowKind } from '../../domain/pricing/price-history';
import { restoredChanges } from '../../grid/commands/restore-change-set';
import type { CellChange } from '../../grid/commands/cell-change';
import type { SelectOption } from '../../grid/price-grid-context';
import type { PriceRow } from '../../grid/price-row';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/notify';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { ChangedCellsTable } from './changed-cells-table';
import { authorName, commissionLabel, SOURCE_NAMES } from './price-history-text';
import { isWholeRollbackSource, useRollbackChangeSet } from './use-rollback-change-set';
import './price-history-panel.css';
import { formatDateTime } from '../../domain/format-date.js';

type Props = {
  tourId: string;
  seasonId: string;
  /** The rows of this tab: a change set's changes of other tabs are left out here. */
  kind: PriceRowKind;
  /** How the grid names a stored row ('[3]', 'Supplement 2 [0]'), or undefined when it is no longer in the grid. */
  rowLabelOf: (rowId: number) => string | undefined;
  /** The commission a rate id stands for, as the grid shows it. */
  commissionOf: (rateId: number | null) => string;
  /** The season's currency symbol: gross, non-com and net are in it, as in the grid. */
  currencySymbol: string;
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

function PriceHistoryDialog({ tourId, seasonId, kind, rowLabelOf, commissionOf, currencySymbol, onRestore, onClose }: Props & { onClose: () => void }) {
  const sets = useQuery(priceHistoryQueries.season(tourId, seasonId, kind));
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
          rowLabelOf={rowLabelOf}
          commissionOf={commissionOf}
          currencySymbol={currencySymbol}
          onBack={() => setOpenSet(null)}
          onRestore={(set) => {
            onRestore(set);
            onClose();
          }}
          onRolledBack={onClose}
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
  rowLabelOf,
  commissionOf,
  currencySymbol,
  onBack,
  onRestore,
  onRolledBack,
}: Omit<Props, 'onRestore'> & { changeSetId: number; onBack: () => void; onRestore: (set: ChangeSet) => void; onRolledBack: () => void }) {
  const set = useQuery(priceHistoryQueries.changeSet(tourId, seasonId, changeSetId));
  const rollback = useRollbackChangeSet(onRolledBack);
  if (set.isPending) return <LoadingView label="Loading the changes…" />;
  if (set.isError) return <ErrorView message={set.error.message} />;
  const changes = set.data.changes.filter((change) => change.kind === kind);
  const restorable = changes.some((change) => change.before !== null);
  // Only a rates change or a roll-over comes with its span (the whole set, every season): those roll back.
  const { source, span } = set.data;
  const whole = isWholeRollbackSource(source) && span ? { source, span } : null;
  return (
    <div className="change-set">
      <p>
        {authorName(set.data.author)}, {formatDateTime(set.data.created_at)}: {set.data.changes.length} row{set.data.changes.length === 1 ? '' : 's'}, cost{' '}
        {formatPounds(set.data.cost_change)}.
      </p>
      <ChangedCellsTable
        leadHeaders={['Row']}
        commissionOf={commissionOf}
        currencySymbol={currencySymbol}
        entries={changes.map((change) => {
          const label = rowLabelOf(change.row_id);
          const row = change.before === null ? 'added' : change.after === null ? 'removed' : (label ?? 'gone since');
          return { key: `${change.kind}-${change.row_id}`, lead: [row], before: change.before, after: change.after };
        })}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        {whole ? (
          // A /pgt rate change repriced rows without changing what staff typed: it is undone by putting
          // the rates back (on the server, every season at once), not by staging values in this grid.
          <button
            type="button"
            className="button primary"
            disabled={rollback.pending}
            onClick={() => void rollback.start(set.data.id, whole.source, whole.span)}
          >
            Roll back this change
          </button>
        ) : (
          <button type="button" className="button primary" disabled={!restorable} onClick={() => onRestore(set.data)}>
            Restore these values
          </button>
        )}
      </div>
      {rollback.error && <ErrorView message={rollback.error.message} />}
    </div>
  );
}

/** Where a restore is staged: one price grid, or several edited as one (the variations of every extra of a tab). */
export type RestoreTarget = { readonly rows: readonly PriceRow[]; edit(changes: readonly CellChange[]): void };

/** A row as one grid numbers it: '[3]'. */
export const gridRowLabel = (rows: readonly PriceRow[], key: string) => `[${rows.findIndex((row) => row.key === key)}]`;

/**
 * The History button of a price tab: rows and commissions named as the grid shows them, restores
 * staged into `model` (one edit). `rowLabel` names a row when the tab has several grids.
 */
export function GridPriceHistory({
  tourId,
  seasonId,
  kind,
  model,
  rateChoices,
  currencySymbol,
  rowLabel = (row) => gridRowLabel(model.rows, row.key),
}: {
  tourId: string;
  seasonId: string;
  kind: PriceRowKind;
  model: RestoreTarget;
  rateChoices: readonly SelectOption[];
  /** The season's currency symbol, as the grid shows gross, non-com and net ('' where none is shown). */
  currencySymbol: string;
  rowLabel?: (row: PriceRow) => string;
}) {
  return (
    <PriceHistoryButton
      tourId={tourId}
      seasonId={seasonId}
      kind={kind}
      rowLabelOf={(rowId) => {
        const row = model.rows.find((candidate) => candidate.id === rowId);
        return row === undefined ? undefined : rowLabel(row);
      }}
      commissionOf={(rateId) => commissionLabel(rateChoices, rateId)}
      currencySymbol={currencySymbol}
      onRestore={(set) => {
        const { changes, skipped } = restoredChanges(set.changes, model.rows, kind);
        // One edit: one undo step, unsaved until Save.
        model.edit(changes);
        notifySuccess(
          `Restored the values from before this change: check them, then ` +
            `Save${skipped.length ? `. Not restored: ${skipped.map((skip) => `row ${skip.rowId} (${skip.reason})`).join('; ')}` : ''}`,
        );
      }}
    />
  );
}
