import type { MarginGuardrail } from '../domain/models/margin-guardrail';
import type { ReactNode } from 'react';
import type { CellRange } from './cell-range';
import type { GridCut } from './commands/paste-block';
import type { PriceGridView } from './price-grid-model';
import type { PriceRow } from './price-row';

export type SelectOption = { value: number | null; label: string };

/**
 * A column a screen puts before the price columns: a choice (room type, bike, deck...), a
 * whole number (order, nights), or read-only text the screen edits elsewhere (an extra night's
 * dates, edited in a panel beside the grid). `editable` may depend on the row (deck only when a
 * boat is set).
 */
export type LeadingColumn = {
  field: string;
  headerName: string;
  kind: 'select' | 'number' | 'text';
  options?: readonly SelectOption[];
  width?: number;
  /** The width in the compact density (narrow windows); `width` when not given. */
  compactWidth?: number;
  editable?: (row: PriceRow) => boolean;
  /** What a 'text' column shows for a row. */
  format?: (row: PriceRow) => string;
  /** Frozen at the left beside `#`, so a row stays recognisable while the money columns scroll. */
  pinned?: boolean;
  /** What the header says on hover (what the column means, when its name cannot). */
  headerTooltip?: string;
};

/** A group header shown as a full-width row before the price row at `beforeIndex`. */
export type GroupHeader = {
  key: string;
  beforeIndex: number;
  /** Changes whenever what the header shows changes, so its row is drawn again. */
  stamp?: string;
};

/** What cells, editors and header rows read from the grid (passed as AG Grid's `context`). */
export type PriceGridContext = {
  model: PriceGridView;
  preview: (key: string, field: 'gross' | 'non_com' | 'adjustment', text: string) => void;
  optionsFor: (field: string) => readonly SelectOption[];
  /** `cut`: the cells of a Ctrl+X waiting for its paste, outlined until then. */
  selection: () => { range: CellRange | null; columnOrder: readonly string[]; cut: GridCut | null };
  renderGroupHeader: (key: string) => ReactNode;
  currencySymbol: string;
  /** The season model's margin guardrail: profit cells under it are flagged (amber, not red). */
  guardrail: MarginGuardrail;
};

export type GroupItem = { key: string; groupKey: string; stamp?: string };
export type GridItem = PriceRow | GroupItem;

export const isGroupItem = (item: unknown): item is GroupItem =>
  typeof item === 'object' && item !== null && typeof (item as { groupKey?: unknown }).groupKey === 'string';
