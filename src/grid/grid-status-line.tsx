import { useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { modesLabel } from './commands/grid-command-registry';
import { formulaErrorNote } from './formula-error-note';
import type { PriceGridView } from './price-grid-model';
import { priceGridState, type PriceGridStore } from './price-grid-state';

export type GridStatusLineProps = {
  store: PriceGridStore;
  model: PriceGridView;
  displayToPrice: { current: readonly number[] };
  columnName: (colId: string) => string;
};

/**
 * Under the grid, as Excel's status bar: the editing mode (Ready, Enter, Edit), and what the clerk
 * should know now: why the last value was refused, else what is wrong with the active cell's row
 * (a formula's error explained, a missing gross), else nothing.
 */
export function GridStatusLine({ store, model, displayToPrice, columnName }: GridStatusLineProps) {
  const state = useAtomValue(priceGridState.edit, { store });
  const message = useAtomValue(priceGridState.message, { store });
  // The active row's problem changes with any edit, not only with the machine's state.
  useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.revision,
  );
  const index = state.active ? (displayToPrice.current[state.active.rowIndex] ?? -1) : -1;
  const row = index >= 0 ? model.rows[index] : undefined;
  const note = row ? formulaErrorNote(model.outcome(index), row.formula ?? null) : undefined;
  const problem = message ?? (note ? `Row ${index}, ${columnName('gross')}: ${note.code === '#N/A' ? '' : `${note.code} `}${note.explanation}` : null);
  return (
    <div className="price-grid-status" aria-live="polite">
      <span className="price-grid-status-mode" data-mode={state.mode}>
        {modesLabel([state.mode])}
      </span>
      {problem && <span className="price-grid-status-problem">{problem}</span>}
    </div>
  );
}
