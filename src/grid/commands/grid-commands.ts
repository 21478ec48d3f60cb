import type { CellError } from './cell-error';
import type { EditAction, EditMode } from './edit-machine';
import type { CaretMotion } from './editor-text';
import { fillDown, fillRight, type FillResult } from './fill-cells';
import { CHARACTER, type GridCommand, type GridCommandTarget, type KeyBinding } from './grid-command-registry';
import { selectAll, selectRows, type CursorMotion } from './grid-cursor';
import type { GridRow } from './grid-row';
import type { GridSelection } from './grid-selection';

const READY: readonly EditMode[] = ['ready'];
const TYPING: readonly EditMode[] = ['enter', 'edit'];
const ANY: readonly EditMode[] = ['ready', 'enter', 'edit'];

const editable = (target: GridCommandTarget) => !target.readOnly && target.selection() !== null;
const hasCursor = (target: GridCommandTarget) => target.active() !== null;

/** An editing action for the edit machine; false when it leaves the key to the browser (Tab out of the grid). */
const run = (action: EditAction) => (target: GridCommandTarget) => target.dispatch(action).leave === undefined;

/** A command of the edit machine: keys, the modes they act in, and the action they send. */
function editCommand(
  id: string,
  label: string,
  group: GridCommand['group'],
  keys: readonly KeyBinding[],
  modes: readonly EditMode[],
  action: EditAction,
): GridCommand {
  return { id, label, group, keys, modes, enabled: hasCursor, perform: run(action) };
}

/**
 * A cursor motion and its Shift+ twin, which extends the selection instead of moving it. In Enter
 * mode the same keys first store what was typed, as Excel's arrows do.
 */
function motion(id: string, label: string, move: CursorMotion, keys: readonly KeyBinding[], modes: readonly EditMode[] = ['ready', 'enter']): GridCommand[] {
  return [
    editCommand(`move-${id}`, label, 'move', keys, modes, { type: 'move', motion: move, extend: false }),
    editCommand(
      `extend-${id}`,
      `Extend the selection: ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
      'select',
      keys.map((binding) => ({ ...binding, shift: true })),
      modes,
      { type: 'move', motion: move, extend: true },
    ),
  ];
}

/** A caret motion inside the cell being typed in, and its Shift+ twin, which selects text. */
function caret(id: string, label: string, move: CaretMotion, key: string, modes: readonly EditMode[]): GridCommand[] {
  return [
    editCommand(`caret-${id}`, label, 'edit', [{ key }], modes, { type: 'caret', motion: move, extend: false }),
    editCommand(`caret-select-${id}`, `Select text: ${label.charAt(0).toLowerCase()}${label.slice(1)}`, 'edit', [{ key, shift: true }], modes, {
      type: 'caret',
      motion: move,
      extend: true,
    }),
  ];
}

/** A fill of the selection, its refusals named row by row. */
function fillCommand(
  id: string,
  label: string,
  key: string,
  fill: (rows: readonly GridRow[], selection: GridSelection, columns: GridCommandTarget['columns']) => FillResult,
): GridCommand {
  return {
    id,
    label,
    group: 'edit',
    keys: [{ key, ctrl: true }],
    modes: READY,
    inMenu: true,
    enabled: editable,
    perform: (target) => {
      const selection = target.selection();
      if (!selection) return;
      const result = fill(target.rows(), selection, target.columns);
      target.edit(result.changes);
      reportErrors(target, result.errors);
    },
  };
}

const reportErrors = (target: GridCommandTarget, errors: readonly CellError[]) => {
  if (errors.length > 0) target.report(errors);
};

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
    modes: READY,
    inMenu: true,
    available: (target) => target[operation] !== undefined,
    enabled: (target) => target[operation] !== undefined && editable(target),
    perform,
  };
}

/**
 * Every command of the price grid, in the order the help overlay and README's key table list
 * them. A key runs the first command bound to it in the grid's editing mode (so `?` is help in
 * Ready mode before it is a character). The grid's key handler, its right-click menu and the help
 * overlay all read this list; the editing commands send their action to the edit machine
 * (edit-machine.ts), the others act on the grid, and the row commands call the screen's.
 */
export const gridCommands: readonly GridCommand[] = [
  ...motion('up', 'Up one row (group headers are skipped)', 'up', [{ key: 'ArrowUp' }]),
  ...motion('down', 'Down one row (group headers are skipped)', 'down', [{ key: 'ArrowDown' }]),
  ...motion('left', 'Left one cell', 'left', [{ key: 'ArrowLeft' }]),
  ...motion('right', 'Right one cell', 'right', [{ key: 'ArrowRight' }]),
  ...motion('row-start', 'First cell of the row', 'row-start', [{ key: 'Home' }], READY),
  ...motion('row-end', 'Last cell of the row', 'row-end', [{ key: 'End' }], READY),
  ...motion('grid-start', 'First cell of the grid', 'grid-start', [{ key: 'Home', ctrl: true }]),
  ...motion('grid-end', 'Last cell of the grid', 'grid-end', [{ key: 'End', ctrl: true }]),
  ...motion('page-up', 'Up one page', 'page-up', [{ key: 'PageUp' }]),
  ...motion('page-down', 'Down one page', 'page-down', [{ key: 'PageDown' }]),
  ...motion('edge-up', 'Up to the edge of the data', 'edge-up', [{ key: 'ArrowUp', ctrl: true }]),
  ...motion('edge-down', 'Down to the edge of the data', 'edge-down', [{ key: 'ArrowDown', ctrl: true }]),
  ...motion('edge-left', 'Left to the edge of the data', 'edge-left', [{ key: 'ArrowLeft', ctrl: true }]),
  ...motion('edge-right', 'Right to the edge of the data', 'edge-right', [{ key: 'ArrowRight', ctrl: true }]),
  editCommand('tab-right', 'Right one cell (in Enter or Edit mode, after storing); past the last, out of the grid', 'move', [{ key: 'Tab' }], ANY, {
    type: 'tab',
    backwards: false,
  }),
  editCommand('tab-left', 'Left one cell (in Enter or Edit mode, after storing); past the first, out of the grid', 'move', [{ key: 'Tab', shift: true }], ANY, {
    type: 'tab',
    backwards: true,
  }),
  editCommand('enter-up', 'Up one row', 'move', [{ key: 'Enter', shift: true }], READY, { type: 'enter', backwards: true }),
  {
    id: 'select-all',
    label: 'Select all',
    group: 'select',
    keys: [{ key: 'a', ctrl: true }],
    modes: READY,
    inMenu: true,
    enabled: hasCursor,
    perform: (target) => {
      const range = target.range();
      if (range) target.dispatch({ type: 'select', range: selectAll(target.layout(), range) });
    },
  },
  {
    id: 'select-row',
    label: 'Select the row',
    group: 'select',
    keys: [{ key: ' ', shift: true }],
    modes: READY,
    inMenu: true,
    enabled: hasCursor,
    perform: (target) => {
      const range = target.range();
      if (range) target.dispatch({ type: 'select', range: selectRows(target.layout(), range) });
    },
  },
  {
    id: 'cancel-selection',
    label: 'Drop the cut, then shrink the selection to the active cell',
    group: 'select',
    keys: [{ key: 'Escape' }],
    modes: READY,
    enabled: hasCursor,
    perform: (target) => {
      target.dropCut();
      target.dispatch({ type: 'cancel' });
    },
  },
  editCommand(
    'edit-cell',
    'Edit the cell: its content with the caret at the end (a choice cell opens its list)',
    'edit',
    [{ key: 'Enter' }, { key: 'F2' }],
    READY,
    {
      type: 'enter',
      backwards: false,
    },
  ),
  editCommand('open-list', "Open a choice cell's list", 'edit', [{ key: 'ArrowDown', alt: true }], READY, { type: 'open-list' }),
  {
    id: 'help',
    label: 'Show the keyboard commands',
    group: 'help',
    keys: [{ key: '?' }, { key: 'F1' }],
    modes: READY,
    inMenu: true,
    enabled: () => true,
    perform: (target) => target.showHelp(),
  },
  {
    id: 'type',
    label: 'Type: in Ready mode it replaces the cell (Enter mode); a choice cell takes a label or a percentage',
    group: 'edit',
    keys: [{ key: CHARACTER }],
    modes: ANY,
    enabled: hasCursor,
    perform: (target, press) => target.dispatch({ type: 'type', text: press?.key ?? '' }).leave === undefined,
  },
  editCommand('retype', 'Start typing over the cell, from empty', 'edit', [{ key: 'Backspace' }], READY, { type: 'backspace' }),
  {
    id: 'clear',
    label: 'Clear the selected cells',
    group: 'edit',
    keys: [{ key: 'Delete' }],
    modes: READY,
    inMenu: true,
    enabled: editable,
    perform: run({ type: 'delete' }),
  },
  editCommand('commit-down', 'Store what was typed and go down a row (after Tabs, to the column they started from)', 'edit', [{ key: 'Enter' }], TYPING, {
    type: 'enter',
    backwards: false,
  }),
  editCommand('commit-up', 'Store what was typed and go up a row', 'edit', [{ key: 'Enter', shift: true }], TYPING, { type: 'enter', backwards: true }),
  editCommand('cancel-edit', 'Cancel the edit: the cell keeps what it held', 'edit', [{ key: 'Escape' }, { key: 'z', ctrl: true }], TYPING, { type: 'cancel' }),
  editCommand('toggle-edit', 'Switch between Enter mode (arrows store and move) and Edit mode (arrows move the caret)', 'edit', [{ key: 'F2' }], TYPING, {
    type: 'edit',
  }),
  editCommand('delete-before', 'Delete the character before the caret', 'edit', [{ key: 'Backspace' }], TYPING, { type: 'backspace' }),
  editCommand('delete-after', 'Delete the character after the caret', 'edit', [{ key: 'Delete' }], TYPING, { type: 'delete' }),
  ...caret('left', 'Caret left', 'left', 'ArrowLeft', ['edit']),
  ...caret('right', 'Caret right', 'right', 'ArrowRight', ['edit']),
  ...caret('start', 'Caret to the start of the text', 'start', 'Home', TYPING),
  ...caret('end', 'Caret to the end of the text', 'end', 'End', TYPING),
  editCommand('pick-up', "Previous choice of an open list (Edit mode's Up does nothing else)", 'edit', [{ key: 'ArrowUp' }], ['edit'], {
    type: 'pick',
    delta: -1,
  }),
  editCommand('pick-down', "Next choice of an open list (Edit mode's Down does nothing else)", 'edit', [{ key: 'ArrowDown' }], ['edit'], {
    type: 'pick',
    delta: 1,
  }),
  editCommand('select-text', 'Select all the text of the cell', 'edit', [{ key: 'a', ctrl: true }], TYPING, { type: 'select-all-text' }),
  fillCommand('fill-down', 'Fill down', 'd', fillDown),
  fillCommand('fill-right', 'Fill right', 'r', fillRight),
  {
    id: 'copy',
    label: 'Copy',
    group: 'clipboard',
    keys: [{ key: 'c', ctrl: true }],
    modes: READY,
    native: true,
    inMenu: true,
    enabled: (target) => target.selection() !== null,
    perform: (target) => target.copy(),
  },
  {
    id: 'cut',
    label: 'Cut (the cells move, and formulas naming them follow, when pasted)',
    group: 'clipboard',
    keys: [{ key: 'x', ctrl: true }],
    modes: READY,
    native: true,
    inMenu: true,
    enabled: editable,
    perform: (target) => target.cut(),
  },
  {
    id: 'paste',
    label: 'Paste (formulas copied here move their [n] by the rows between)',
    group: 'clipboard',
    keys: [{ key: 'v', ctrl: true }],
    modes: READY,
    native: true,
    inMenu: true,
    enabled: editable,
    perform: (target) => target.paste(),
  },
  // While typing, the browser copies, cuts and pastes the text in the cell; its editor takes the cut and paste.
  ...(['c', 'x', 'v'] as const).map((key): GridCommand => ({
    id: `${{ c: 'copy', x: 'cut', v: 'paste' }[key]}-text`,
    label: `${{ c: 'Copy', x: 'Cut', v: 'Paste' }[key]} text in the cell`,
    group: 'clipboard',
    keys: [{ key, ctrl: true }],
    modes: TYPING,
    native: true,
    enabled: hasCursor,
    perform: () => undefined,
  })),
  {
    id: 'undo',
    label: 'Undo',
    group: 'history',
    keys: [{ key: 'z', ctrl: true }],
    modes: READY,
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
    modes: READY,
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
    label: 'Save (press three times to confirm); while typing, the cell is stored first',
    group: 'file',
    keys: [{ key: 's', ctrl: true }],
    modes: ANY,
    enabled: (target) => !target.readOnly && target.save !== undefined,
    perform: (target) => {
      if (target.mode() !== 'ready' && target.dispatch({ type: 'commit' }).state.mode !== 'ready') return;
      target.save?.();
    },
  },
  {
    id: 'cell-history',
    label: 'History of this cell',
    group: 'history',
    keys: [],
    modes: READY,
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
    modes: READY,
    available: (target) => target.openFind !== undefined,
    enabled: (target) => target.openFind !== undefined,
    perform: (target) => target.openFind?.(mode),
  })),
];
