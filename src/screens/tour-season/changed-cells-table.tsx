import { changedFields, type RowSnapshot } from '../../domain/pricing/price-history';
import { FIELD_NAMES, useSnapshotText } from './price-history-text';

/** One saved change of a row, with the columns that say where or when it happened (`lead`). */
export type ChangedRowEntry = { key: string; lead: readonly string[]; before: RowSnapshot | null; after: RowSnapshot | null };

/** The price history's table: a line per changed field of each change, before -> after. */
export function ChangedCellsTable({
  leadHeaders,
  entries,
  commissionOf,
  currencySymbol,
}: {
  leadHeaders: readonly string[];
  entries: readonly ChangedRowEntry[];
  commissionOf: (rateId: number | null) => string;
  /** The season's currency symbol: gross, non-com and net are in it, as in the grid. */
  currencySymbol: string;
}) {
  const shown = useSnapshotText(commissionOf, currencySymbol);
  return (
    <table className="table">
      <thead>
        <tr>
          {[...leadHeaders, 'Field', 'Before', 'After'].map((header) => (
            <th key={header}>{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entries.flatMap((entry) =>
          changedFields(entry.before, entry.after).map((field) => (
            <tr key={`${entry.key}-${field}`} className="changed-cell">
              {entry.lead.map((text, index) => (
                <td key={index}>{text}</td>
              ))}
              <td>{FIELD_NAMES[field]}</td>
              <td>{shown(field, entry.before)}</td>
              <td>{shown(field, entry.after)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
