import type { CellPosition, CellRange } from '../cell-range';
import type { CellChange } from './cell-change';
import type { CellError } from './cell-error';
import type { EditAction, EditMode, EditOutcome } from './edit-machine';
import type { GridColumn } from './grid-column';
import type { GridLayout } from './grid-cursor';
import type { GridRow } from './grid-row';
import type { GridSelection } from './grid-selection';

/**
 * A key that runs a command. `ctrl` stands for Ctrl or, on a Mac, Cmd. Shift is part of the
 * binding, except for a printed symbol such as `?`, which needs Shift on some layouts only.
 * `CHARACTER` stands for any key that types a character.
 */
export type KeyBinding = { key: string; ctrl?: boolean; shift?: boolean; alt?: boolean };

/** The binding of every key that types a character (a digit, a letter, `=`, `[`...). */
export const CHARACTER = 'Character';

/** The help overlay and the context menu list commands under these headings, in this order. */
export type GridCommandGroup = 'move' | 'select' | 'edit' | 'clipboard' | 'history' | 'rows' | 'file' | 'help';

export const GRID_COMMAND_GROUPS: Record<GridCommandGroup, string> = {
  move: 'Move',
  select: 'Select',
  edit: 'Edit',
  clipboard: 'Clipboard',
  history: 'Undo',
  rows: 'Rows',
  file: 'Save',
  help: 'Help',
};

/**
 * What a command acts on: the grid as the commands see it, without a DOM. The price grid builds
 * one over AG Grid and its model; unit tests build one over plain rows.
 */
export type GridCommandTarget = {
  readOnly: boolean;
  /** The keyboard editing mode (edit-machine.ts): which commands a key runs. */
  mode: () => EditMode;
  /** Runs an editing action through the edit machine; the outcome says whether the browser should take the key. */
  dispatch: (action: EditAction) => EditOutcome;
  layout: () => GridLayout;
  /** The selection in displayed rows, from its anchor to the corner Shift+arrows move. Null before a cell has the focus. */
  range: () => CellRange | null;
  /** The active cell, where typing goes. */
  active: () => CellPosition | null;
  /** The selection as the row commands take it (price-row indexes), or null. */
  selection: () => GridSelection | null;
  rows: () => readonly GridRow[];
  columns: readonly GridColumn[];
  /** Applies one user action (recorded as one undo step). */
  edit: (changes: readonly CellChange[]) => void;
  /** Cells a command left as they were, with the reason: shown to the clerk naming row and column. */
  report: (errors: readonly CellError[]) => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  undo: () => void;
  redo: () => void;
  /** The screen's save (its three-click confirmation); absent where the grid is not saved alone. */
  save?: () => void;
  /** Copies the selection through the copy event the grid answers (as Ctrl+C does). */
  copy: () => void;
  /**
   * Cuts the selection through the cut event the grid answers (as Ctrl+X does): the cells are
   * copied and marked, and the paste of that text moves them in its own undo step.
   */
  cut: () => void;
  /** Pastes the clipboard's text through the paste event the grid answers. */
  paste: () => void;
  /** Forgets the marked cut: a later paste of its text is a copy. */
  dropCut: () => void;
  /**
   * The screen's row operations on the selected rows, absent where the screen has none. The
   * screen does them (the pricing tab's rows belong to its groups), never the grid's model.
   */
  moveRows?: (delta: -1 | 1) => void;
  insertRow?: (where: 'above' | 'below') => void;
  deleteRows?: () => void;
  /** The screen's history of the row under the cursor, absent where the screen keeps none. */
  showCellHistory?: () => void;
  showHelp: () => void;
  /** Opens the screen's Find & Replace bar, for Find or for Find & Replace; absent where the screen has none. */
  openFind?: (mode: 'find' | 'replace') => void;
};

export type GridCommand = {
  id: string;
  label: string;
  group: GridCommandGroup;
  keys: readonly KeyBinding[];
  /** The editing modes in which the keys run this command (edit-machine.ts); the menu offers only Ready ones. */
  modes: readonly EditMode[];
  /**
   * The browser acts on the key itself (Ctrl+C, Ctrl+X and Ctrl+V fire the clipboard events the grid
   * or its editor answer): the key handler lets such a key through; the context menu calls `perform`.
   */
  native?: boolean;
  /** Offered in the grid's right-click menu. */
  inMenu?: boolean;
  /** Whether the grid has the command at all (a row operation its screen provides); else always. */
  available?: (target: GridCommandTarget) => boolean;
  enabled: (target: GridCommandTarget) => boolean;
  /**
   * Runs the command for a key press (the menu passes none). Returning false leaves the key to the
   * browser: Tab past the grid's last cell moves the focus out of it.
   */
  perform: (target: GridCommandTarget, press?: KeyPress) => boolean | void;
};

/** The parts of a keyboard event a binding is matched against. */
export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean };

const isPrintedSymbol = (key: string) => key.length === 1 && key.toLowerCase() === key.toUpperCase() && key !== ' ';

/**
 * Whether a key press types a character: one character, without Ctrl or Cmd (Ctrl with Alt is
 * AltGr, which types on some layouts).
 */
export const typesCharacter = (event: KeyPress) => event.key.length === 1 && (!(event.ctrlKey || event.metaKey) || (event.ctrlKey && event.altKey));

export function bindingMatches(binding: KeyBinding, event: KeyPress): boolean {
  if (binding.key === CHARACTER) return typesCharacter(event);
  if (binding.key.toLowerCase() !== event.key.toLowerCase()) return false;
  if (Boolean(binding.ctrl) !== (event.ctrlKey || event.metaKey)) return false;
  if (Boolean(binding.alt) !== event.altKey) return false;
  return isPrintedSymbol(binding.key) || Boolean(binding.shift) === event.shiftKey;
}

/** The command a key press runs in a mode, if any: the first listed, so `?` is help before it is a character. */
export function commandForKey(commands: readonly GridCommand[], mode: EditMode, event: KeyPress): GridCommand | undefined {
  return commands.find((command) => command.modes.includes(mode) && command.keys.some((binding) => bindingMatches(binding, event)));
}

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  Escape: 'Esc',
  [CHARACTER]: 'a character',
};

const MODE_NAMES: Record<EditMode, string> = { ready: 'Ready', enter: 'Enter', edit: 'Edit' };

/** The modes a command acts in, as the help and README's key table name them: 'Ready', 'Enter, Edit'. */
export function modesLabel(modes: readonly EditMode[]): string {
  return modes.map((mode) => MODE_NAMES[mode]).join(', ');
}

/** A binding as the help overlay and the menu show it, e.g. `Ctrl+Shift+Z`. */
export function bindingLabel(binding: KeyBinding): string {
  const key = KEY_NAMES[binding.key] ?? (binding.key.length === 1 ? binding.key.toUpperCase() : binding.key);
  return [binding.ctrl ? 'Ctrl' : null, binding.alt ? 'Alt' : null, binding.shift ? 'Shift' : null, key].filter(Boolean).join('+');
}

/**
 * The key a browser test presses for a binding, in playwright's notation (`Control+Shift+Z`);
 * the help overlay puts it on each binding so the test drives exactly what is listed.
 */
export function bindingPress(binding: KeyBinding): string {
  const key = binding.key === ' ' ? 'Space' : binding.key === CHARACTER ? '7' : binding.key;
  return [binding.ctrl ? 'Control' : null, binding.alt ? 'Alt' : null, binding.shift ? 'Shift' : null, key].filter(Boolean).join('+');
}
