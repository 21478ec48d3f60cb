/**
 * The text of a cell being edited, with its caret and text selection: the selection runs from
 * `anchor` to `caret` (equal when nothing is selected). The grid's editor input shows exactly
 * this, so what a key does to the text is decided here, not by the browser.
 */
export type EditorText = { text: string; caret: number; anchor: number };

/** Text with the caret at its end, as F2 and Enter open a cell. */
export const textWithCaretAtEnd = (text: string): EditorText => ({ text, caret: text.length, anchor: text.length });

export const selectionStart = (editor: EditorText) => Math.min(editor.caret, editor.anchor);
export const selectionEnd = (editor: EditorText) => Math.max(editor.caret, editor.anchor);
export const selectedText = (editor: EditorText) => editor.text.slice(selectionStart(editor), selectionEnd(editor));

/**
 * Puts `inserted` in place of the selection (or at the caret). Line breaks and tabs, which a
 * cell's one line cannot hold, become spaces: a pasted block is then refused as text on commit
 * rather than split over cells the clerk did not choose.
 */
export function insertText(editor: EditorText, inserted: string): EditorText {
  const flat = inserted.replace(/\r\n|[\r\n\t]/g, ' ');
  const start = selectionStart(editor);
  const text = editor.text.slice(0, start) + flat + editor.text.slice(selectionEnd(editor));
  const caret = start + flat.length;
  return { text, caret, anchor: caret };
}

/** Backspace (`before`) or Delete: the selection, else one character beside the caret. */
export function deleteText(editor: EditorText, side: 'before' | 'after'): EditorText {
  if (editor.caret !== editor.anchor) return insertText(editor, '');
  const at = side === 'before' ? editor.caret - 1 : editor.caret;
  if (at < 0 || at >= editor.text.length) return editor;
  return { text: editor.text.slice(0, at) + editor.text.slice(at + 1), caret: at, anchor: at };
}

export type CaretMotion = 'left' | 'right' | 'start' | 'end';

/**
 * Moves the caret; with `extend` (Shift held) the selection grows from where it started. Without
 * it, Left or Right on a selection lands on that side of it, as text fields do.
 */
export function moveCaret(editor: EditorText, motion: CaretMotion, extend: boolean): EditorText {
  const length = editor.text.length;
  const collapsed = editor.caret === editor.anchor;
  let caret: number;
  if (motion === 'start') caret = 0;
  else if (motion === 'end') caret = length;
  else if (!extend && !collapsed) caret = motion === 'left' ? selectionStart(editor) : selectionEnd(editor);
  else caret = Math.max(0, Math.min(length, editor.caret + (motion === 'left' ? -1 : 1)));
  return { text: editor.text, caret, anchor: extend ? editor.anchor : caret };
}

/** Ctrl+A inside the cell: all of its text. */
export const selectAllText = (editor: EditorText): EditorText => ({ text: editor.text, caret: editor.text.length, anchor: 0 });
