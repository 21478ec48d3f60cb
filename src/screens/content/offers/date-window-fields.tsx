import { useEffect, useId, useRef } from 'react';
import { INCOMPLETE_DATE } from '../../../domain/content/content-fields.js';

/** One end of a window: a native date input (the browser shows its calendar and the staff's own date order). */
function DateEnd({
  legend,
  end,
  value,
  error,
  onChange,
}: {
  legend: string;
  end: 'From' | 'To';
  value: string | null;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // A date typed only in part has an empty value (the browser marks it `badInput`): it is kept as
  // incomplete, which the form refuses naming the field, never as no date (issue 28).
  const report = (field: HTMLInputElement) => {
    const next = field.validity.badInput ? INCOMPLETE_DATE : field.value || null;
    if (next !== value) onChange(next);
  };
  const latestReport = useRef(report);
  latestReport.current = report;
  // Typing a part into an empty field sends no change event, and pressing Save (or Enter) need not
  // take the focus out of it: the field is read again when its form is submitted, before the
  // form's own handler (which React runs from the document root, after this one on the form).
  useEffect(() => {
    const form = input.current?.form;
    const check = () => input.current && latestReport.current(input.current);
    form?.addEventListener('submit', check);
    return () => form?.removeEventListener('submit', check);
  }, []);
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        <span className="visually-hidden">{legend} </span>
        {end}
      </label>
      <input
        id={id}
        type="date"
        value={value === null || value === INCOMPLETE_DATE ? '' : value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        ref={input}
        onChange={(event) => report(event.target)}
        onBlur={(event) => report(event.target)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A window of two optional dates (from, to) side by side; an emptied date is none (null). */
export function DateWindowFields({
  legend,
  hint,
  start,
  end,
  startError,
  endError,
  onStart,
  onEnd,
}: {
  legend: string;
  hint: string;
  start: string | null;
  end: string | null;
  startError?: string;
  endError?: string;
  onStart: (value: string | null) => void;
  onEnd: (value: string | null) => void;
}) {
  return (
    <fieldset className="date-window">
      <legend className="field-label">
        {legend} <span className="muted">({hint})</span>
      </legend>
      <div className="date-window-ends">
        <DateEnd legend={legend} end="From" value={start} error={startError} onChange={onStart} />
        <DateEnd legend={legend} end="To" value={end} error={endError} onChange={onEnd} />
      </div>
    </fieldset>
  );
}
