import { useRef, useState } from 'react';
import type { CellChange, ImportChoice, ImportOptions, ImportPreview, ImportResult } from '../../formulas/price-sheet-import';
import { PRICING_LAYOUT, type SheetLayout } from '../../formulas/price-sheet-layout';
import { Modal } from '../../ui/modal';
import { notifyError } from '../../ui/notify';

const FIELD_NAMES: Record<CellChange['field'], string> = { gross: 'Gross', non_com: 'Non-com', adjustment: 'Adjustment', commission: 'Commission' };
const shown = (change: CellChange, value: string | number | null) => (value === null ? '—' : change.field === 'commission' ? `${value}%` : String(value));

type Props = {
  /** The tab's sheet (the pricing tab's when not given). */
  layout?: SheetLayout;
  /** The preview of a sheet against the season as last loaded or saved (previewSheet with the tab's season). */
  preview: (bytes: ArrayBuffer, options?: ImportOptions) => Promise<ImportResult>;
  /** Accept: stage the changed cells and the added rows in the grid, and remove the missing rows if the clerk chose so. */
  onAccept: (preview: ImportPreview, choice: ImportChoice) => void;
};

/**
 * Import xlsx (issue 21) of a tab: reads a price sheet this app exported from the tab (pricing,
 * bikes or extras) and shows what it would change before anything does; Accept hands the changed
 * cells and the added rows to the grid, unsaved.
 */
export function ImportSheetButton({ layout = PRICING_LAYOUT, preview, onAccept }: Props) {
  return (
    <ImportWorkbookButton
      fileLabel={`${layout.sheet} sheet to import`}
      read={async (bytes, options) => ({ layout, result: await preview(bytes, options) })}
      onAccept={(accepted, _read, choice) => onAccept(accepted, choice)}
    />
  );
}

/**
 * A read file: the result, with the sheet it was read as (how the preview names rows) and what
 * Accept is called; a refusal before the sheet is known (the data export screen's) has no layout.
 */
export type SheetRead = { layout: SheetLayout; result: ImportResult; acceptLabel?: string } | { result: ImportResult & { ok: false } };

type WorkbookProps<Read extends SheetRead> = {
  /** The file input's accessible name. */
  fileLabel: string;
  read: (bytes: ArrayBuffer, options?: ImportOptions) => Promise<Read>;
  onAccept: (preview: ImportPreview, read: Read, choice: ImportChoice) => void;
  disabled?: boolean;
};

/**
 * Import xlsx of a tab's sheet or, on the data export screen, of whichever tab's sheet the
 * workbook holds: the file chooser, the preview and its refusals, written once for both.
 * exceljs is loaded only when a file is read.
 */
export function ImportWorkbookButton<Read extends SheetRead>({ fileLabel, read: readFile, onAccept, disabled = false }: WorkbookProps<Read>) {
  const input = useRef<HTMLInputElement>(null);
  const [read, setRead] = useState<{ bytes: ArrayBuffer; sheet: Read } | null>(null);
  const [busy, setBusy] = useState(false);
  // Removing the rows the sheet no longer has is offered, never the default: unchecked for each file read.
  const [removeMissing, setRemoveMissing] = useState(false);

  const readSheet = async (bytes: ArrayBuffer, options?: ImportOptions) => {
    setBusy(true);
    try {
      setRead({ bytes, sheet: await readFile(bytes, options) });
      setRemoveMissing(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const close = () => setRead(null);
  const sheet = read?.sheet;
  const result = sheet?.result;
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()} disabled={busy || disabled}>
        {busy ? 'Reading…' : 'Import xlsx'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={fileLabel}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void file.arrayBuffer().then((bytes) => readSheet(bytes));
        }}
      />
      {read && sheet && result && (
        <Modal
          title="Import xlsx"
          onClose={close}
          footer={
            <>
              {result.ok && 'layout' in sheet && (
                <button
                  type="button"
                  className="button primary"
                  disabled={result.preview.changes.length === 0 && result.preview.added.length === 0 && !(removeMissing && result.preview.missing.length > 0)}
                  onClick={() => {
                    onAccept(result.preview, sheet, { removeMissing: removeMissing && result.preview.missing.length > 0 });
                    close();
                  }}
                >
                  {sheet.acceptLabel ?? 'Accept'}
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
          {result.ok && 'layout' in sheet ? (
            <PreviewLists preview={result.preview} layout={sheet.layout} removeMissing={removeMissing} onRemoveMissing={setRemoveMissing} />
          ) : (
            !result.ok && <p role="alert">{result.refusal}</p>
          )}
        </Modal>
      )}
    </>
  );
}

type ListsProps = { preview: ImportPreview; layout: SheetLayout; removeMissing: boolean; onRemoveMissing: (remove: boolean) => void };

function PreviewLists({ preview, layout, removeMissing, onRemoveMissing }: ListsProps) {
  const { changes, added, missing, unmatched, ignored } = preview;
  // An extra's rows are numbered in the extra: 'Supplement 12 [0]'.
  const rowName = (groupId: number | null, index: number) => (layout.references === 'group' ? `${layout.groupNoun} ${groupId} [${index}]` : String(index));
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
                <td>{rowName(change.groupId ?? null, change.index)}</td>
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
                {layout.groupId !== null && <th>{layout.groupId}</th>}
                {layout.labels.map((header) => (
                  <th key={header}>{header}</th>
                ))}
                <th>Gross</th>
              </tr>
            </thead>
            <tbody>
              {added.map((row) => (
                <tr key={row.sheetRow}>
                  <td>{row.sheetRow}</td>
                  {layout.groupId !== null && <td>{row.groupId}</td>}
                  {layout.labels.map((header) => (
                    <td key={header}>{row.labels[header] || '—'}</td>
                  ))}
                  <td>{row.gross.formula === null ? String(row.gross.gross ?? 0) : `=${row.gross.formula}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Accept adds them at the end of {layout.groupId === null ? 'the list' : `their ${layout.groupNoun.toLowerCase()}s`}.</p>
        </>
      )}
      <h3>Rows the sheet no longer has ({missing.length})</h3>
      {missing.length > 0 && (
        <>
          <p>Rows {missing.map((row) => rowName(row.groupId, row.index)).join(', ')} are kept unless you choose to remove them:</p>
          <label>
            <input type="checkbox" checked={removeMissing} onChange={(event) => onRemoveMissing(event.target.checked)} />
            {missing.length === 1 ? ' Remove this row too' : ` Remove these ${missing.length} rows too`}
          </label>
        </>
      )}
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
