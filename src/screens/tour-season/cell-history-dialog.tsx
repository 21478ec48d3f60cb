import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { priceHistoryQueries } from '../../api/price-history-queries';
import type { PriceRowKind } from '../../domain/pricing/price-history';
import { Modal } from '../../ui/modal';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { ChangedCellsTable } from './changed-cells-table';
import { authorName, commissionLabel, SOURCE_NAMES } from './price-history-text';
import type { SelectOption } from '../../grid/price-grid-context';
import type { PriceRow } from '../../grid/price-row';
import { formatDateTime } from '../../domain/format-date.js';

/** `rowId`: the stored row, undefined for a row not saved yet (it has no history). */
type Props = {
  tourId: string;
  seasonId: string;
  kind: PriceRowKind;
  rowId: number | undefined;
  rowLabel: string;
  commissionOf: (rateId: number | null) => string;
  /** The season's currency symbol: gross, non-com and net are in it, as in the grid. */
  currencySymbol: string;
  onClose: () => void;
};

/** History of this cell (issue 22): every saved change of one row, newest first, with who and when. */
export function CellHistoryDialog({ tourId, seasonId, kind, rowId, rowLabel, commissionOf, currencySymbol, onClose }: Props) {
  const history = useQuery({ ...priceHistoryQueries.row(tourId, seasonId, kind, rowId ?? 0), enabled: rowId !== undefined });
  return (
    <Modal title={`History of row ${rowLabel}`} onClose={onClose} className="price-history-dialog">
      {rowId === undefined ? (
        <p>This row is not saved yet, so it has no history.</p>
      ) : history.isPending ? (
        <LoadingView label="Loading the history…" />
      ) : history.isError ? (
        <ErrorView message={history.error.message} />
      ) : history.data.length === 0 ? (
        <p>No saved change of this row yet.</p>
      ) : (
        <ChangedCellsTable
          leadHeaders={['When', 'Who', 'What']}
          commissionOf={commissionOf}
          currencySymbol={currencySymbol}
          entries={history.data.map((entry) => ({
            key: String(entry.change_set_id),
            lead: [formatDateTime(entry.created_at), authorName(entry.author), SOURCE_NAMES[entry.source] ?? entry.source],
            before: entry.before,
            after: entry.after,
          }))}
        />
      )}
    </Modal>
  );
}

/**
 * History of this cell for a price tab: the grids' `onCellHistory` and the dialog it opens, rows
 * named as `rowLabel` names them ('[3]', 'Supplement 2 [0]') and commissions as the choices name them.
 */
export function useCellHistory({
  tourId,
  seasonId,
  kind,
  rowLabel,
  rateChoices,
  currencySymbol,
}: {
  tourId: string;
  seasonId: string;
  kind: PriceRowKind;
  rowLabel: (row: PriceRow) => string;
  rateChoices: readonly SelectOption[];
  /** The season's currency symbol, as the grid shows gross, non-com and net ('' where none is shown). */
  currencySymbol: string;
}) {
  const [row, setRow] = useState<PriceRow | null>(null);
  const dialog = row && (
    <CellHistoryDialog
      tourId={tourId}
      seasonId={seasonId}
      kind={kind}
      rowId={row.id}
      rowLabel={rowLabel(row)}
      commissionOf={(rateId) => commissionLabel(rateChoices, rateId)}
      currencySymbol={currencySymbol}
      onClose={() => setRow(null)}
    />
  );
  return { onCellHistory: setRow, dialog };
}
