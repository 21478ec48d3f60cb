import { clearCells } from './clear-cells';
import { fillDown } from './fill-down';
import type { GridCommand, GridCommandTarget, KeyBinding } from './grid-command-registry';
import { collapseSelection, moveSelection, selectAll, selectRows, type CursorMotion } from './grid-cursor';

const editable = (target: GridCommandTarget) => !target.readOnly && target.selection() !== null;
const hasCursor = (target: GridCommandTarget) => target.range() !== null;

/** A cursor motion and its Shift+ twin, which extends the selection instead of moving it. */
function motion(id: string, label: string, move: CursorMotion, keys: readonly KeyBinding[]): GridCommand[] {
  const perform = (extend: boolean) => (target: GridCommandTarget) => {
    const range = target.range();
    if (range) target.setRange(moveSelection(target.layout(), range, move, extend));
  };
  return [
    { id: `move-${id}`, label, group: 'move', keys, enabled: hasCursor, perform: perform(false) },
    {
      id: `extend-${id}`,
      label: `Extend the selection: ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
      group: 'select',
      keys: keys.map((binding) => ({ ...binding, shift: true })),
      enabled: hasCursor,
      perform: perform(true),
    },
  ];
}

/**
 * A row operation of the screen: offered where the screen provides it, and run on a selection
 * in an editable grid.
 */
function rowCommand(
  id: string,
  label: string,
  keys: readonly KeyBinding[],
  operation: keyof Pick<GridCommandTarget, 'moveRows' | 'insertRow' | 'deleteRows'>,
  perform: (target: GridCommandTarget) => void,
): GridCommand {
  return {
    id,
    label,
    group: 'rows',
    keys,
    inMenu: true,
    available: (target) => target[operation] !== undefined,
    enabled: (target) => target[operation] !== undefined && editable(target),
    perform,
  };
}

/**
 * Every command of the price grid, in the order the help overlay lists them. The grid's key
 * handler, its right-click menu and the help overlay all read this list; the row commands
 * (group 'rows') call the screen's row operations.
 */
export const gridCommands: readonly GridCommand[] = [
  ...motion('up', 'Up one row (group headers are skipped)', 'up', [{ key: 'ArrowUp' }]),
  ...motion('down', 'Down one row (group headers are skipped)', 'down', [{ key: 'ArrowDown' }]),
  ...motion('left', 'Left one cell', 'left', [{ key: 'ArrowLeft' }]),
  ...motion('right', 'Right one cell', 'right', [{ key: 'ArrowRight' }]),
  ...motion('row-start', 'First cell of the row', 'row-start', [{ key: 'Home' }]),
  ...motion('row-end', 'Last cell of the row', 'row-end', [{ key: 'End' }]),
  ...motion('grid-start', 'First cell of the grid', 'grid-start', [{ key: 'Home', ctrl: true }]),
  ...motion('grid-end', 'Last cell of the grid', 'grid-end', [{ key: 'End', ctrl: true }]),
  ...motion('page-up', 'Up one page', 'page-up', [{ key: 'PageUp' }]),
  ...motion('page-down', 'Down one page', 'page-down', [{ key: 'PageDown' }]),
  ...motion('edge-up', 'Up to the edge of the data', 'edge-up', [{ key: 'ArrowUp', ctrl: true }]),
  ...motion('edge-down', 'Down to the edge of the data', 'edge-down', [{ key: 'ArrowDown', ctrl: true }]),
  ...motion('edge-left', 'Left to the edge of the data', 'edge-left', [{ key: 'ArrowLeft', ctrl: true }]),
  ...motion('edge-right', 'Right to the edge of the data', 'edge-right', [{ key: 'ArrowRight', ctrl: true }]),
  {
    id: 'select-all',
    label: 'Select all',
    group: 'select',
    keys: [{ key: 'a', ctrl: true }],
    inMenu: true,
    enabled: hasCursor,
    perform: (target) => {
      const range = target.range();
      if (range) target.setRange(selectAll(target.layout(), range));
    },
  },
  {
    id: 'select-row',
    label: 'Select the row',
    group: 'select',
    keys: [{ key: ' ', shift: true }],
    inMenu: true,
    enabled: hasCursor,
    perform: (target) => {
      const range = target.range();
      if (range) target.setRange(selectRows(target.layout(), range));
    },
  },
  {
    id: 'cancel-selection',
    label: 'Cancel the edit, then the cut and the selection',
    group: 'select',
    keys: [{ key: 'Escape' }],
    enabled: hasCursor,
    perform: (target) => {
      target.dropCut();
      const range = target.range();
      if (range) target.setRange(collapseSelection(range));
    },
  },
  ...(['down', 'up'] as const).map((direction): GridCommand => ({
    id: `commit-${direction}`,
    label: `Keep the typed value and go ${direction} a row (group headers are skipped)`,
    group: 'edit',
    keys: [{ key: 'Enter', shift: direction === 'up' }],
    whileEditing: true,
    enabled: hasCursor,
    perform: (target) => {
      const range = target.range();
      target.commitEdit();
      if (range) target.setRange(moveSelection(target.layout(), collapseSelection(range), direction, false));
    },
  })),
  {
    id: 'clear',
    label: 'Clear the selected cells',
    group: 'edit',
    keys: [{ key: 'Delete' }],
    inMenu: true,
    enabled: editable,
    perform: (target) => {
      const selection = target.selection();
      if (selection) target.edit(clearCells(target.rows(), selection, target.columns));
    },
  },
  {
    id: 'fill-down',
    label: 'Fill down',
    group: 'edit',
    keys: [{ key: 'd', ctrl: true }],
    inMenu: true,
    enabled: editable,
    perform: (target) => {
      const selection = target.selection();
      if (selection) target.edit(fillDown(target.rows(), selection, target.columns).changes);
    },
  },
  {
    id: 'copy',
    label: 'Copy',
    group: 'clipboard',
    keys: [{ key: 'c', ctrl: true }],
    native: true,
    inMenu: true,
    enabled: (target) => target.selection() !== null,
    perform: (target) => target.copy(),
  },
  {
    id: 'cut',
    label: 'Cut (the cells are cleared when pasted)',
    group: 'clipboard',
    keys: [{ key: 'x', ctrl: true }],
    native: true,
    inMenu: true,
    enabled: editable,
    perform: (target) => target.cut(),
  },
  {
    id: 'paste',
    label: 'Paste',
    group: 'clipboard',
    keys: [{ key: 'v', ctrl: true }],
    native: true,
    inMenu: true,
    enabled: editable,
    perform: (target) => target.paste(),
  },
  {
    id: 'undo',
    label: 'Undo',
    group: 'history',
    keys: [{ key: 'z', ctrl: true }],
    inMenu: true,
    enabled: (target) => !target.readOnly && target.canUndo(),
    perform: (target) => target.undo(),
  },
  {
    id: 'redo',
    label: 'Redo',
    group: 'history',
    keys: [
      { key: 'y', ctrl: true },
      { key: 'z', ctrl: true, shift: true },
    ],
    inMenu: true,
    enabled: (target) => !target.readOnly && target.canRedo(),
    perform: (target) => target.redo(),
  },
  rowCommand('rows-move-up', 'Move rows up', [{ key: 'ArrowUp', alt: true, shift: true }], 'moveRows', (target) => target.moveRows?.(-1)),
  rowCommand('rows-move-down', 'Move rows down', [{ key: 'ArrowDown', alt: true, shift: true }], 'moveRows', (target) => target.moveRows?.(1)),
  rowCommand('rows-insert-above', 'Insert row above', [], 'insertRow', (target) => target.insertRow?.('above')),
  rowCommand('rows-insert-below', 'Insert row below', [], 'insertRow', (target) => target.insertRow?.('below')),
  rowCommand('rows-delete', 'Delete rows', [], 'deleteRows', (target) => target.deleteRows?.()),
  {
    id: 'save',
    label: 'Save (press three times to confirm)',
    group: 'file',
    keys: [{ key: 's', ctrl: true }],
    enabled: (target) => !target.readOnly && target.save !== undefined,
    perform: (target) => target.save?.(),
  },
  {
    id: 'cell-history',
    label: 'History of this cell',
    group: 'history',
    keys: [],
    inMenu: true,
    available: (target) => target.showCellHistory !== undefined,
    enabled: (target) => target.showCellHistory !== undefined && target.selection() !== null,
    perform: (target) => target.showCellHistory?.(),
  },
  // Excel's keys for its Find and Replace dialogs; in a read-only grid too (finding changes nothing).
  ...(['find', 'replace'] as const).map((mode): GridCommand => ({
    id: mode,
    label: mode === 'find' ? 'Find' : 'Find & Replace',
    group: 'edit',
    keys: [{ key: mode === 'find' ? 'f' : 'h', ctrl: true }],
    available: (target) => target.openFind !== undefined,
    enabled: (target) => target.openFind !== undefined,
    perform: (target) => target.openFind?.(mode),
  })),
  {
    id: 'help',
    label: 'Show the keyboard commands',
    group: 'help',
    keys: [{ key: '?' }, { key: 'F1' }],
    inMenu: true,
    enabled: () => true,
    perform: (target) => target.showHelp(),
  },
];
