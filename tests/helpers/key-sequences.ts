import fc from 'fast-check';
import type { RefCell } from './excel-reference-grid';

/** One step of a keyboard model test: text typed key by key, one key (playwright's names), or a click. */
export type KeyStep = { type: string } | { key: string } | { click: RefCell; extend: boolean };

/** Typed chunks: numbers, references, operators, Excel's '=', and '%' (a percentage, refused as money). */
export const TYPED_CHUNKS = ['5', '12', '0', '20', '[0]', '[2]', '+50', '*2', '=', '%'];

/** The keys the model tests press: the editing keys, undo and redo, fill; the clipboard's where asked. */
export const EDITING_KEYS = [
  'Enter',
  'Shift+Enter',
  'Tab',
  'Shift+Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Shift+ArrowDown',
  'Shift+ArrowRight',
  'Escape',
  'F2',
  'Delete',
  'Backspace',
  'Home',
  'End',
  'Alt+ArrowDown',
  'Control+z',
  'Control+y',
  'Control+d',
  'Control+r',
];
export const CLIPBOARD_KEYS = ['Control+c', 'Control+x', 'Control+v'];

/** Random sequences of steps: typing, keys and now and then a click (Shift+click too) on one of `cells`. */
export function keySequences(options: { keys: readonly string[]; rows: readonly number[]; columns: readonly string[]; minLength: number; maxLength: number }) {
  return fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...TYPED_CHUNKS).map((type): KeyStep => ({ type })) },
      { weight: 6, arbitrary: fc.constantFrom(...options.keys).map((key): KeyStep => ({ key })) },
      {
        weight: 1,
        arbitrary: fc
          .record({ rowIndex: fc.constantFrom(...options.rows), colId: fc.constantFrom(...options.columns), extend: fc.boolean() })
          .map(({ rowIndex, colId, extend }): KeyStep => ({ click: { rowIndex, colId }, extend })),
      },
    ),
    { minLength: options.minLength, maxLength: options.maxLength },
  );
}

/** The steps as single keys and clicks, typed text split into its characters. */
export const singleKeys = (steps: readonly KeyStep[]) =>
  steps.flatMap((step): ({ key: string } | { click: RefCell; extend: boolean })[] => ('type' in step ? [...step.type].map((key) => ({ key })) : [step]));
