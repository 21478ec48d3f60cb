import { useLayoutEffect, useRef, useSyncExternalStore, type ClipboardEvent, type FocusEvent } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { insertText, selectedText, selectionEnd, selectionStart } from './commands/editor-text';
import type { PriceGridContext } from './price-grid-context';

/**
 * The editor of every editable cell. It draws the edit machine's state (src/grid/commands/
 * edit-machine.ts), which the grid's key handler changes: the text with its caret and selection,
 * or, for a choice cell opened with Enter, F2 or Alt+Down, the list of choices. Keys never edit the
 * input directly, so the screen shows exactly what the machine holds. What reaches the input by
 * other ways (the mouse placing the caret, a paste or cut from the menu, a drop) is sent to the
 * machine as well.
 */
export function CellEditor(props: CustomCellEditorProps) {
  const context = props.context as PriceGridContext;
  const state = useSyncExternalStore(context.subscribeEdit, context.editState);
  const field = String(props.colDef.field);
  const row = context.model.indexOf(String((props.data as { key: unknown }).key));
  const label = `${props.colDef.headerTooltip ?? props.colDef.headerName ?? field} of row ${row}`;
  if (state.choice !== null) return <ChoiceList context={context} label={label} field={field} choice={state.choice} />;
  return <TextInput context={context} label={label} />;
}

const EMPTY_TEXT = { text: '', caret: 0, anchor: 0 };

function TextInput({ context, label }: { context: PriceGridContext; label: string }) {
  const state = useSyncExternalStore(context.subscribeEdit, context.editState);
  const input = useRef<HTMLInputElement>(null);
  const editor = state.editor ?? EMPTY_TEXT;

  // The caret and selection follow the machine after every key.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    if (document.activeElement !== element) element.focus({ preventScroll: true });
    element.setSelectionRange(selectionStart(editor), selectionEnd(editor), editor.caret < editor.anchor ? 'backward' : 'forward');
  }, [editor]);

  /** The caret or selection the clerk made with the mouse becomes the machine's. */
  const takeMouseSelection = () => {
    const element = input.current;
    if (!element || element.selectionStart === null || element.selectionEnd === null) return;
    const backward = element.selectionDirection === 'backward';
    const [start, end] = [element.selectionStart, element.selectionEnd];
    const next = { text: editor.text, caret: backward ? start : end, anchor: backward ? end : start };
    if (next.caret !== editor.caret || next.anchor !== editor.anchor) context.dispatch({ type: 'set-editor', editor: next });
  };

  const onCopy = (event: ClipboardEvent<HTMLInputElement>) => {
    // Nothing selected: the clipboard keeps what it held.
    if (selectedText(editor) === '') event.preventDefault();
  };
  const onCut = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (selectedText(editor) === '') return;
    event.clipboardData.setData('text/plain', selectedText(editor));
    context.dispatch({ type: 'type', text: '' });
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    context.dispatch({ type: 'type', text: event.clipboardData.getData('text/plain') });
  };
  // The focus leaving the grid (a click on Save, another field) stores the typed value first.
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (!context.isInGrid(event.relatedTarget)) context.leaveEdit();
  };

  return (
    <input
      ref={input}
      className="price-cell-input"
      aria-label={label}
      value={editor.text}
      onChange={(event) =>
        context.dispatch({ type: 'set-editor', editor: insertText({ ...editor, caret: editor.text.length, anchor: 0 }, event.target.value) })
      }
      onMouseUp={takeMouseSelection}
      onCopy={onCopy}
      onCut={onCut}
      onPaste={onPaste}
      onDrop={(event) => event.preventDefault()}
      onBlur={onBlur}
      spellCheck={false}
      autoComplete="off"
      style={{ width: '100%', height: '100%', border: 'none', padding: '0 10px', textAlign: 'right', font: 'inherit', outline: 'none' }}
    />
  );
}

/**
 * A choice cell's list, opened on purpose: Up and Down move the highlight, Enter or Tab stores it,
 * Escape leaves the cell as it was; a click on a choice stores it at once.
 */
function ChoiceList({ context, label, field, choice }: { context: PriceGridContext; label: string; field: string; choice: number }) {
  const list = useRef<HTMLUListElement>(null);
  const options = context.optionsFor(field);
  useLayoutEffect(() => {
    if (document.activeElement !== list.current) list.current?.focus({ preventScroll: true });
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [choice]);

  return (
    <ul
      ref={list}
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={choice >= 0 ? `${context.listId}-${choice}` : undefined}
      className="price-cell-list"
      onBlur={(event) => {
        if (!context.isInGrid(event.relatedTarget)) context.leaveEdit();
      }}
    >
      {options.map((option, index) => (
        <li
          key={String(option.value)}
          id={`${context.listId}-${index}`}
          role="option"
          aria-selected={index === choice}
          onMouseDown={(event) => {
            event.preventDefault();
            context.dispatch({ type: 'pick', delta: index - choice });
            context.dispatch({ type: 'commit' });
          }}
        >
          {option.label || '(none)'}
        </li>
      ))}
    </ul>
  );
}
