import { useEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import type { PriceGridContext } from './price-grid-context';

/** What a printable key that starts an edit puts in the editor (typing replaces the cell). */
function startingText(eventKey: string | null, current: string): string {
  if (eventKey === null) return current;
  if (eventKey === 'Backspace' || eventKey === 'Delete') return '';
  return eventKey.length === 1 ? eventKey : current;
}

/**
 * The editor of gross, non-com and adjustment cells. A gross cell edits the row's formula text
 * when it has one (SPEC.md: the gross input itself is disabled while a formula exists). Each
 * keystroke is previewed through the price workbook so net, subtotal, cost and profit follow
 * the typing; the edit is only staged when it is committed.
 */
export function MoneyCellEditor(props: CustomCellEditorProps) {
  const context = props.context as PriceGridContext;
  const field = props.colDef.field as 'gross' | 'non_com' | 'adjustment';
  const data = props.data as Record<string, unknown>;
  const stored = field === 'gross' && typeof data.formula === 'string' && data.formula !== '' ? data.formula : data[field];
  const [text, setText] = useState(() => startingText(props.eventKey, stored === null || stored === undefined ? '' : String(stored)));
  const input = useRef<HTMLInputElement>(null);
  const key = String(data.key);

  useEffect(() => {
    input.current?.focus();
    if (props.eventKey === null) input.current?.select();
    props.onValueChange(text);
    if (text !== String(stored ?? '')) context.preview(key, field, text);
    // Runs once when the editor opens: the starting text is previewed like any keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <input
      ref={input}
      className="price-cell-input"
      aria-label={`${props.colDef.headerName ?? field} of row ${context.model.indexOf(key)}`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onValueChange(event.target.value);
        context.preview(key, field, event.target.value);
      }}
      style={{ width: '100%', height: '100%', border: 'none', padding: '0 10px', textAlign: 'right', font: 'inherit', outline: 'none' }}
    />
  );
}

/** A choice among options (room type, rate, bike...) as a native select: keyboard and screen-reader friendly. */
export function SelectCellEditor(props: CustomCellEditorProps) {
  const context = props.context as PriceGridContext;
  const field = String(props.colDef.field);
  const options = context.optionsFor(field);
  const select = useRef<HTMLSelectElement>(null);
  const current = (props.data as Record<string, unknown>)[field];

  useEffect(() => {
    select.current?.focus();
    props.onValueChange(current === null || current === undefined ? '' : String(current));
    // Runs once when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <select
      ref={select}
      aria-label={`${props.colDef.headerName ?? field} of row ${context.model.indexOf(String((props.data as Record<string, unknown>).key))}`}
      defaultValue={current === null || current === undefined ? '' : String(current)}
      onChange={(event) => {
        props.onValueChange(event.target.value);
        // A pick is the whole edit; finish it so arrows go back to moving between cells.
        setTimeout(() => props.stopEditing(), 0);
      }}
      style={{ width: '100%', height: '100%', font: 'inherit', border: 'none' }}
    >
      {options.map((option) => (
        <option key={String(option.value)} value={option.value === null ? '' : String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
