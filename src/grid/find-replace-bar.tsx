import { useCallback, useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { adjustAll } from './commands/adjust-all';
import { findCells, findReplace, type FindReplaceColumn, type FindReplaceResult, type FoundCell } from './commands/find-replace';
import { findReplaceState } from './find-replace-state';
import type { FindReplaceFold } from './use-find-replace-fold';
import { setCommission } from './commands/set-commission';
import type { SelectOption } from './price-grid-context';
import type { PriceGridView } from './price-grid-model';
import type { PriceRow } from './price-row';
import type { CellChange } from './commands/cell-change';
import { countWords } from '../domain/count-words';

const COLUMNS: { id: FindReplaceColumn; label: string }[] = [
  { id: 'gross', label: 'Gross' },
  { id: 'non_com', label: 'Non-com' },
  { id: 'adjustment', label: 'Adjustment' },
];

/** The bar's actions that change cells. */
export type BarAction = 'replace' | 'adjust all' | 'set commission';

export type FindReplaceBarProps = {
  /** Whether the bar is open, and for what (use-find-replace-fold.ts). */
  fold: FindReplaceFold;
  /** The rows it searches and edits: one grid's model, or several grids seen as one (the extras of a season). */
  model: Pick<PriceGridView, 'rows'> &
    Partial<Pick<PriceGridView, 'highlight'>> & {
      /** `action` names the bar's action, for grids seen as one that offer to undo it across them ('Undo replace'). */
      edit(changes: readonly CellChange[], action?: BarAction): void;
    };
  rateOptions: readonly SelectOption[];
  /** What happened, for a notification ('Replaced 4 cells'). */
  onResult: (message: string) => void;
};

function previewMessage(result: FindReplaceResult<PriceRow>): string {
  const skipped = result.skippedFormulaRows ? `, ${result.skippedFormulaRows} formula row(s) skipped` : '';
  const failed = result.errors.length ? `, ${result.errors.length} left as they are: ${result.errors[0].message}` : '';
  return `${countWords(result.count, 'cell')} will change${skipped}${failed}`;
}

const cellsText = (cells: readonly FoundCell[]) => cells.map((cell) => `${cell.rowKey} ${cell.colId}`).join('|');

/** The button that opens the folded bar for Find & Replace (Ctrl+F and Ctrl+H open it too). */
export function FindReplaceButton({ fold }: { fold: FindReplaceFold }) {
  return (
    <button
      type="button"
      className="button"
      aria-expanded={fold.mode !== null}
      title="Find: Ctrl+F. Find & Replace: Ctrl+H"
      onClick={() => (fold.mode === null ? fold.open('replace') : fold.close())}
    >
      Find & Replace
    </button>
  );
}

/**
 * The Find & Replace bar shared by the price screens (SPEC.md sections 2 and 5): find and
 * replace in gross, non-com and adjustment (Find required; gross skipped on formula rows unless
 * searching in formulas; optionally matching the entire cell), and the adjust-all and
 * set-commission inputs, which ignore zero or empty. Each action is one undo step in the grid.
 *
 * Replacing takes two steps, so a price never changes unseen: the first submit (Enter or the
 * button) counts and highlights the cells that will change; the second, with the same search
 * finding the same cells, replaces them. Any change to the search drops the preview.
 *
 * Folded away until asked for (`fold`): for Find (Ctrl+F) it only highlights what it finds, and
 * however often Enter is pressed changes nothing; for Find & Replace (Ctrl+H, or the screen's
 * button) it is the whole bar. Escape or Close folds it and the focus goes back to the grid.
 */
export function FindReplaceBar(props: FindReplaceBarProps) {
  return props.fold.mode === null ? null : <OpenBar {...props} mode={props.fold.mode} />;
}

function OpenBar({ fold, model, rateOptions, onResult, mode }: FindReplaceBarProps & { mode: 'find' | 'replace' }) {
  const id = useId();
  // This bar's search, preview and inputs (find-replace-state.ts), in the fold's store.
  const { store } = fold;
  const findInput = useRef<HTMLInputElement>(null);
  const opened = useAtomValue(findReplaceState.opened, { store });
  const options = useAtomValue(findReplaceState.search, { store });
  const { find, replace, columns, matchWholeCell, inFormulas } = options;
  const changeSearch = useSetAtom(findReplaceState.changeSearch, { store });
  const [findError, setFindError] = useAtom(findReplaceState.findError, { store });
  const [preview, setPreview] = useAtom(findReplaceState.preview, { store });
  const highlight = useCallback((cells: readonly FoundCell[]) => model.highlight?.(cells), [model]);
  const [adjust, setAdjust] = useAtom(findReplaceState.adjust, { store });
  const [rate, setRate] = useAtom(findReplaceState.rate, { store });

  // The highlight belongs to the preview: gone when the preview is, or the bar is.
  useEffect(() => {
    if (preview === null) highlight([]);
  }, [preview, highlight]);
  useEffect(() => () => highlight([]), [highlight]);
  // Each time the bar is asked for, the clerk types what to find.
  useEffect(() => {
    findInput.current?.focus();
    findInput.current?.select();
  }, [opened]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    fold.close();
  };

  const runFind = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'find') {
      const found = findCells(model.rows, options);
      setFindError(found.error);
      const skipped = found.skippedFormulaRows ? `, ${found.skippedFormulaRows} formula row(s) skipped` : '';
      setPreview(
        found.error
          ? null
          : { options: '', cells: cellsText(found.cells), count: found.cells.length, message: `${countWords(found.cells.length, 'cell')} found${skipped}` },
      );
      highlight(found.cells);
      return;
    }
    const result = findReplace(model.rows, options);
    setFindError(result.error);
    if (result.error) {
      setPreview(null);
      return;
    }
    const shown = { options: JSON.stringify(options), cells: cellsText(result.cells), count: result.count, message: previewMessage(result) };
    if (preview === null || preview.options !== shown.options || preview.cells !== shown.cells) {
      setPreview(shown);
      highlight(result.cells);
      return;
    }
    model.edit(result.changes, 'replace');
    setPreview(null);
    const skipped = result.skippedFormulaRows ? `, ${result.skippedFormulaRows} formula row(s) skipped` : '';
    const failed = result.errors.length ? `, ${result.errors.length} left as they were: ${result.errors[0].message}` : '';
    onResult(`Replaced ${result.count} cell(s)${skipped}${failed}`);
  };

  const runAdjust = (event: FormEvent) => {
    event.preventDefault();
    const result = adjustAll(model.rows, adjust);
    if (result.refused) onResult(`Adjust all: ${result.refused}`);
    model.edit(result.changes, 'adjust all');
    if (result.count) onResult(`Adjustment set on ${result.count} row(s)`);
  };

  const runCommission = (event: FormEvent) => {
    event.preventDefault();
    const result = setCommission(model.rows, rate);
    model.edit(result.changes, 'set commission');
    if (result.count) onResult(`Commission set on ${result.count} row(s)`);
  };

  return (
    <div className="find-replace-bar" role="group" aria-label="Find and replace" onKeyDown={onKeyDown}>
      <form className="bar-form" onSubmit={runFind} noValidate>
        <label className="bar-field">
          Find
          <input
            ref={findInput}
            value={find}
            onChange={(event) => changeSearch({ find: event.target.value })}
            aria-invalid={findError ? true : undefined}
            aria-describedby={`${id}-find-error`}
            size={8}
          />
        </label>
        {mode === 'replace' && (
          <label className="bar-field">
            Replace with
            <input value={replace} onChange={(event) => changeSearch({ replace: event.target.value })} size={8} />
          </label>
        )}
        <fieldset className="bar-columns">
          <legend>In</legend>
          {COLUMNS.map((column) => (
            <label key={column.id} className="bar-check">
              <input
                type="checkbox"
                checked={columns.includes(column.id)}
                onChange={(event) =>
                  changeSearch({ columns: event.target.checked ? [...columns, column.id] : columns.filter((candidate) => candidate !== column.id) })
                }
              />
              {column.label}
            </label>
          ))}
          <label className="bar-check" title="Match entire cell">
            <input
              type="checkbox"
              aria-label="Match entire cell"
              checked={matchWholeCell}
              onChange={(event) => changeSearch({ matchWholeCell: event.target.checked })}
            />
            Entire cell
          </label>
          <label className="bar-check">
            <input type="checkbox" checked={inFormulas} onChange={(event) => changeSearch({ inFormulas: event.target.checked })} />
            In formulas
          </label>
        </fieldset>
        <button type="submit" className="button">
          {mode === 'find' ? 'Find' : preview !== null && preview.count > 0 ? `Replace ${countWords(preview.count, 'cell')}` : 'Replace all'}
        </button>
        {mode === 'find' && (
          <button type="button" className="button" onClick={() => fold.open('replace')}>
            Replace…
          </button>
        )}
        <span role="status" className="muted">
          {preview?.message ?? ''}
        </span>
        <span id={`${id}-find-error`} className="field-error" role={findError ? 'alert' : undefined}>
          {findError ?? ''}
        </span>
      </form>
      {mode === 'replace' && (
        <>
          <form className="bar-form" onSubmit={runAdjust}>
            <label className="bar-field">
              Adjust all (£)
              <input type="number" step="any" value={adjust} onChange={(event) => setAdjust(event.target.value)} size={6} />
            </label>
            <button type="submit" className="button">
              Apply
            </button>
          </form>
          <form className="bar-form" onSubmit={runCommission}>
            <label className="bar-field">
              Commission for all
              <select value={rate} onChange={(event) => setRate(event.target.value)}>
                <option value="">Choose…</option>
                {rateOptions.map((option) => (
                  <option key={String(option.value)} value={option.value ?? ''}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button">
              Apply
            </button>
          </form>
        </>
      )}
      <button type="button" className="button bar-close" onClick={fold.close} aria-label="Close" title="Close (Esc)">
        ×
      </button>
    </div>
  );
}
