import { useRef, useState } from 'react';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import { previewPriceSheet, type CellChange, type ImportOptions, type ImportPreview, type ImportResult } from '../../formulas/price-sheet-import';
import { Modal } from '../../ui/modal';
import { notifyError } from '../../ui/notify';

const FIELD_NAMES: Record<CellChange['field'], string> = { gross: 'Gross', non_com: 'Non-com', adjustment: 'Adjustment', commission: 'Commission' };
const shown = (change: CellChange, value: string | number | null) => (value === null ? '—' : change.field === 'commission' ? `${value}%` : String(value));

type Props = {
  /** The season as last loaded or saved: the preview compares the sheet with it. */
  pricing: SeasonPricing;
  /** Accept: stage the changed cells and the added rows in the grid. */
  onAccept: (preview: ImportPreview) => void;
};

/**
 * Import xlsx (issue 21): reads a pricing sheet this app exported and shows what it would change
 * before anything does; Accept hands the changed cells and the added rows to the grid, unsaved. exceljs is loaded
 * only when a file is read.
 */
export function ImportSheetButton({ pricing, onAccept }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [read, setRead] = useState<{ bytes: ArrayBuffer; result: ImportResult } | null>(null);
  const [busy, setBusy] = useState(false);

  const readSheet = async (bytes: ArrayBuffer, options?: ImportOptions) => {
    setBusy(true);
    try {
      setRead({ bytes, result: await previewPriceSheet(bytes, pricing, options) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const close = () => setRead(null);
  const result = read?.result;
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? 'Reading…' : 'Import xlsx'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label="Pricing sheet to import"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void file.arrayBuffer().then((bytes) => readSheet(bytes));
        }}
      />
      {read && result && (
        <Modal
          title="Import xlsx"
          onClose={close}
          footer={
            <>
              {result.ok && (
                <button
                  type="button"
                  className="button primary"
                  disabled={result.preview.changes.length === 0 && result.preview.added.length === 0}
                  onClick={() => {
                    onAccept(result.preview);
                    close();
                  }}
                >
                  Accept
                </button>
              )}
              {!result.ok && result.olderVersion && (
                <button type="button" className="button" onClick={() => void readSheet(read.bytes, { olderVersion: true })}>
                  Compare anyway
                </button>
              )}
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
            </>
          }
        >
          {result.ok ? <PreviewLists preview={result.preview} /> : <p role="alert">{result.refusal}</p>}
        </Modal>
      )}
    </>
  );
}

function PreviewLists({ preview }: { preview: ImportPreview }) {
  const { changes, added, missing, unmatched, ignored } = preview;
  return (
    <div className="import-preview">
      <h3>Changed cells ({changes.length})</h3>
      {changes.length > 0 && (
        <table aria-label="Changed cells">
          <thead>
            <tr>
              <th>Sheet row</th>
              <th>Row</th>
              <th>Column</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={`${change.priceId} ${change.field}`}>
                <td>{change.sheetRow}</td>
                <td>{change.index}</td>
                <td>{FIELD_NAMES[change.field]}</td>
                <td>{shown(change, change.before)}</td>
                <td>{shown(change, change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Rows the sheet adds ({added.length})</h3>
      {added.length > 0 && (
        <>
          <table aria-label="Added rows">
            <thead>
              <tr>
                <th>Sheet row</th>
                <th>Group id</th>
                <th>Room</th>
                <th>Accommodation</th>
                <th>Gross</th>
              </tr>
            </thead>
            <tbody>
              {added.map((row) => (
                <tr key={row.sheetRow}>
                  <td>{row.sheetRow}</td>
                  <td>{row.groupId}</td>
                  <td>{row.room || '—'}</td>
                  <td>{row.accommodation || '—'}</td>
                  <td>{row.gross.formula === null ? String(row.gross.gross ?? 0) : `=${row.gross.formula}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Accept adds them at the end of their groups.</p>
        </>
      )}
      <h3>Rows the sheet no longer has ({missing.length})</h3>
      {missing.length > 0 && <p>Rows {missing.map((row) => row.index).join(', ')} are kept; delete them in the grid if they should go.</p>}
      <h3>Rows not matched ({unmatched.length})</h3>
      {unmatched.length > 0 && (
        <ul aria-label="Rows not matched">
          {unmatched.map((row) => (
            <li key={row.sheetRow}>
              Sheet row {row.sheetRow}: {row.reason}
            </li>
          ))}
        </ul>
      )}
      {ignored.length > 0 && (
        <>
          <h3>Not imported ({ignored.length})</h3>
          <ul aria-label="Not imported">
            {ignored.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
