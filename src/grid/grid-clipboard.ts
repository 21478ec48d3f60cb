// The price grid's answers to the clipboard events Ctrl+C, Ctrl+X and Ctrl+V fire on a cell (and
// the menu's Copy, Cut and Paste dispatch): copyBlock writes the selection as a spreadsheet reads
// it; pasteBlock lands a block at the selection's top-left. A copy remembers where it started, so
// its formulas move their references by the rows between (Excel's relative references); a cut
// moves its cells, and formulas naming them follow.

import type { ClipboardEvent } from 'react';
import type { CellPosition } from './cell-range';
import type { CellError } from './commands/cell-error';
import { copyBlock } from './commands/copy-block';
import type { GridColumn } from './commands/grid-column';
import type { GridSelection } from './commands/grid-selection';
import { parseClipboardBlock } from './commands/parse-clipboard-block';
import { pasteBlock, pasteOptionsFor } from './commands/paste-block';
import { shownOutcome } from './formula-error-note';
import { INDEX_COLUMN } from './price-grid-columns';
import type { LeadingColumn } from './price-grid-context';
import type { PriceGridView } from './price-grid-model';
import { priceGridState, type MarkedCut, type PriceGridStore } from './price-grid-state';

export type GridClipboardSetup = {
  readOnly: boolean;
  model: PriceGridView;
  store: PriceGridStore;
  leadingColumns: readonly LeadingColumn[];
  /** The columns as the commands see them, choices with their options. */
  columns: readonly GridColumn[];
  selection: () => GridSelection | null;
  /** Where a paste lands: the selection's top-left cell, in price rows. */
  pasteAt: () => CellPosition | null;
  markCut: (cut: MarkedCut | null) => void;
  report: (errors: readonly CellError[]) => void;
  tell: (message: string) => void;
};

/** Events from a cell's editor are the editor's: it copies and pastes text, not cells. */
const fromEditor = (event: ClipboardEvent<HTMLElement>) => (event.target as HTMLElement).closest('input, select, textarea, .price-cell-list') !== null;

export function gridClipboard(setup: GridClipboardSetup) {
  const { readOnly, model, store, leadingColumns, columns, selection, markCut, report, tell } = setup;

  /** Puts the selection on the clipboard; the text, or null when the event is not the grid's. */
  const copySelection = (event: ClipboardEvent<HTMLElement>): string | null => {
    const current = selection();
    if (!current || fromEditor(event)) return null;
    event.preventDefault();
    const shown = (index: number) => ({
      [INDEX_COLUMN]: index,
      ...shownOutcome(model.outcome(index)),
      ...Object.fromEntries(
        leadingColumns.flatMap((column) => (column.kind === 'text' && column.format ? [[column.field, column.format(model.rows[index])]] : [])),
      ),
    });
    const text = copyBlock(model.rows, columns, current, shown);
    event.clipboardData.setData('text/plain', text);
    const top = model.rows[Math.min(current.startRow, current.endRow)];
    store.set(priceGridState.copy, top ? { text, rowKey: top.key } : null);
    return text;
  };

  return {
    copy: (event: ClipboardEvent<HTMLElement>) => {
      copySelection(event);
    },
    cut: (event: ClipboardEvent<HTMLElement>) => {
      const current = selection();
      const text = copySelection(event);
      if (text === null || current === null || readOnly) return;
      const keys = model.rows.slice(Math.min(current.startRow, current.endRow), Math.max(current.startRow, current.endRow) + 1).map((row) => row.key);
      markCut({ text, rowKeys: keys, colIds: current.colIds, rows: [...model.rows] });
    },
    paste: (event: ClipboardEvent<HTMLElement>) => {
      const focus = setup.pasteAt();
      if (readOnly || !focus || fromEditor(event)) return;
      event.preventDefault();
      const text = event.clipboardData.getData('text/plain');
      const marks = { cut: store.get(priceGridState.cut), copy: store.get(priceGridState.copy) };
      const moves = pasteOptionsFor(text, marks, (key) => model.indexOf(key));
      const result = pasteBlock(model.rows, columns, focus, parseClipboardBlock(text), { selection: selection() ?? undefined, ...moves });
      model.edit(result.changes);
      markCut(null);
      report(result.errors);
      const notes: string[] = [];
      if (result.cut.rows > 0) notes.push(`${result.cut.rows} pasted row(s) fell below the last row and were left out`);
      if (moves.cut && !result.clearedCut) notes.push('The cut cells were kept, since part of the paste was refused or fell outside the grid');
      if (notes.length) tell(notes.join('\n'));
    },
  };
}
