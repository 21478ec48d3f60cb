import { useId, useState, type FormEvent } from 'react';
import { adjustAll } from './commands/adjust-all';
import { findReplace, type FindReplaceColumn } from './commands/find-replace';
import { setCommission } from './commands/set-commission';
import type { SelectOption } from './price-grid-context';
import type { PriceGridModel } from './price-grid-model';
import type { PriceRow } from './price-row';

const COLUMNS: { id: FindReplaceColumn; label: string }[] = [
  { id: 'gross', label: 'Gross' },
  { id: 'non_com', label: 'Non-com' },
  { id: 'adjustment', label: 'Adjustment' },
];

export type FindReplaceBarProps = {
  /** The rows it searches and edits: one grid's model, or several grids seen as one (the extras of a season). */
  model: Pick<PriceGridModel<PriceRow>, 'rows' | 'edit'>;
  rateOptions: readonly SelectOption[];
  /** What happened, for a notification ('Replaced 4 cells'). */
  onResult: (message: string) => void;
};

/**
 * The Find & Replace bar shared by the price screens (SPEC.md sections 2 and 5): find and
 * replace in gross, non-com and adjustment (Find required; gross skipped on formula rows), and
 * the adjust-all and set-commission inputs, which ignore zero or empty. Each action is one
 * undo step in the grid.
 */
export function FindReplaceBar({ model, rateOptions, onResult }: FindReplaceBarProps) {
  const id = useId();
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [columns, setColumns] = useState<FindReplaceColumn[]>(['gross']);
  const [findError, setFindError] = useState<string | null>(null);
  const [adjust, setAdjust] = useState('');
  const [rate, setRate] = useState('');

  const runFind = (event: FormEvent) => {
    event.preventDefault();
    const result = findReplace(model.rows, { find, replace, columns });
    setFindError(result.error);
    if (result.error) return;
    model.edit(result.changes);
    const skipped = result.skippedFormulaRows ? `, ${result.skippedFormulaRows} formula row(s) skipped` : '';
    const failed = result.errors.length ? `, ${result.errors.length} left as they were: ${result.errors[0].message}` : '';
    onResult(`Replaced ${result.count} cell(s)${skipped}${failed}`);
  };

  const runAdjust = (event: FormEvent) => {
    event.preventDefault();
    const result = adjustAll(model.rows, adjust);
    model.edit(result.changes);
    if (result.count) onResult(`Adjustment set on ${result.count} row(s)`);
  };

  const runCommission = (event: FormEvent) => {
    event.preventDefault();
    const result = setCommission(model.rows, rate);
    model.edit(result.changes);
    if (result.count) onResult(`Commission set on ${result.count} row(s)`);
  };

  return (
    <div className="find-replace-bar" role="group" aria-label="Find and replace">
      <form className="bar-form" onSubmit={runFind} noValidate>
        <label className="bar-field">
          Find
          <input value={find} onChange={(event) => setFind(event.target.value)} aria-invalid={findError ? true : undefined} aria-describedby={`${id}-find-error`} size={8} />
        </label>
        <label className="bar-field">
          Replace with
          <input value={replace} onChange={(event) => setReplace(event.target.value)} size={8} />
        </label>
        <fieldset className="bar-columns">
          <legend>In</legend>
          {COLUMNS.map((column) => (
            <label key={column.id} className="bar-check">
              <input
                type="checkbox"
                checked={columns.includes(column.id)}
                onChange={(event) => setColumns((current) => (event.target.checked ? [...current, column.id] : current.filter((candidate) => candidate !== column.id)))}
              />
              {column.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Replace all
        </button>
        <span id={`${id}-find-error`} className="field-error" role={findError ? 'alert' : undefined}>
          {findError ?? ''}
        </span>
      </form>
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
    </div>
  );
}
