import type { MarginGuardrail } from '../domain/models/margin-guardrail';
import type { ReactNode } from 'react';
import type { CellPosition, CellRange } from './cell-range';
import type { EditAction, EditOutcome, EditState } from './commands/edit-machine';
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
  /** Why a typed number cannot go in this column (refused in the cell with the reason), or null. */
  rule?: (value: number) => string | null;
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
  optionsFor: (field: string) => readonly SelectOption[];
  /**
   * `active`: the cell typing goes to, outlined; `cut`: the cells of a Ctrl+X waiting for its
   * paste, outlined until then.
   */
  selection: () => { range: CellRange | null; active: CellPosition | null; columnOrder: readonly string[]; cut: GridCut | null };
  /** The edit machine's state, and a subscription to it, for the cell editor. */
  editState: () => EditState;
  subscribeEdit: (listener: () => void) => () => void;
  /** Sends an action to the edit machine, as a key does. */
  dispatch: (action: EditAction) => EditOutcome;
  /** The focus left the grid while a cell was open: store what was typed, or drop it naming why. */
  leaveEdit: () => void;
  /** Whether an element is inside this grid (where the focus went when an editor lost it). */
  isInGrid: (element: EventTarget | null) => boolean;
  /** A prefix for the ids of a choice list's options, unique to this grid. */
  listId: string;
  renderGroupHeader: (key: string) => ReactNode;
  currencySymbol: string;
  /** The season model's margin guardrail: profit cells under it are flagged (amber, not red). */
  guardrail: MarginGuardrail;
};

export type GroupItem = { key: string; groupKey: string; stamp?: string };
export type GridItem = PriceRow | GroupItem;

export const isGroupItem = (item: unknown): item is GroupItem =>
  typeof item === 'object' && item !== null && typeof (item as { groupKey?: unknown }).groupKey === 'string';
