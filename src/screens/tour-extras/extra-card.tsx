import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { notifyError } from '../../ui/notify';
import { PriceGrid } from '../../grid/price-grid';
import type { LeadingColumn, SelectOption } from '../../grid/price-grid-context';
import type { PriceGridModel } from '../../grid/price-grid-model';
import { PRICE_GRID_HEADER_HEIGHT, PRICE_GRID_ROW_HEIGHT } from '../../grid/price-grid-theme';
import type { PriceRow } from '../../grid/price-row';
import type { MarginGuardrail } from '../../domain/models/margin-guardrail';
import { useModelDisposal } from '../../grid/use-model-disposal';

export type ExtraCardProps<Row extends PriceRow> = {
  title: string;
  number: number;
  noun: string;
  unsaved: boolean;
  /** A failed save's message about the extra's own fields. */
  error: string | null;
  fields: ReactNode;
  model: PriceGridModel<Row>;
  leadingColumns: readonly LeadingColumn[];
  rateOptions: readonly SelectOption[];
  currencySymbol: string;
  /** The season model's margin guardrail: variations under it are flagged. */
  guardrail: MarginGuardrail;
  onAddVariation: () => void;
  onRemoveVariation: (rowKey: string | null) => void;
  onRemove: () => void;
  renderRowPanel?: (model: PriceGridModel<Row>, rowKey: string, number: number) => ReactNode;
  /** The tab's save, which Ctrl+S in the grid runs. */
  onSave?: () => void;
  /** History of this cell, from the grid's context menu. */
  onCellHistory?: (row: PriceRow) => void;
  /** Ctrl+F and Ctrl+H in the grid: the tab opens its Find & Replace bar. */
  onFind?: (mode: 'find' | 'replace') => void;
};

// Sized to its rows rather than AG Grid's auto height, which hides the last row behind the
// horizontal scrollbar on narrow screens; long lists scroll inside the grid.
const SCROLLBAR_ROOM = 18;
const MAX_ROWS_SHOWN = 14;
const gridHeight = (rows: number) => `${PRICE_GRID_HEADER_HEIGHT + Math.min(Math.max(rows, 1), MAX_ROWS_SHOWN) * PRICE_GRID_ROW_HEIGHT + SCROLLBAR_ROOM}px`;

/** One extra: its fields, its actions and the price grid of its variations (`#` counts from 0 per extra). */
export function ExtraCard<Row extends PriceRow>(props: ExtraCardProps<Row>) {
  const { title, number, noun, model } = props;
  useModelDisposal(model);
  // The variation the keyboard is on: Remove variation removes it, the row panel edits it.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const focused = focusedKey !== null && model.indexOf(focusedKey) >= 0 ? focusedKey : null;
  const rowCount = useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.rows.length,
  );
  return (
    <section className="extra-card" aria-label={title}>
      <div className="extra-card-header">
        <div className="card-heading">
          <h2>
            {title}
            {props.unsaved && <span className="unsaved-mark"> (unsaved)</span>}
          </h2>
          <span className="card-actions">
            <button type="button" className="button small" onClick={props.onAddVariation}>
              Add variation
            </button>
            <button type="button" className="button small danger" onClick={() => props.onRemoveVariation(focused)}>
              Remove variation
            </button>
            <button type="button" className="button small danger" onClick={props.onRemove}>
              Remove {noun.toLowerCase()} {number}
            </button>
          </span>
        </div>
        <div className="extra-fields">{props.fields}</div>
        {props.error && (
          <p className="field-error" role="alert">
            {props.error}
          </p>
        )}
      </div>
      <PriceGrid
        model={model}
        ariaLabel={`Variations of ${title}`}
        leadingColumns={props.leadingColumns}
        rateOptions={props.rateOptions}
        currencySymbol={props.currencySymbol}
        guardrail={props.guardrail}
        onMessage={(message) => notifyError(message)}
        onFocusRow={setFocusedKey}
        height={gridHeight(rowCount)}
        onSave={props.onSave}
        onCellHistory={props.onCellHistory}
        onFind={props.onFind}
      />
      {focused && props.renderRowPanel?.(model, focused, model.indexOf(focused))}
    </section>
  );
}
