import { useId } from 'react';

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
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        <span className="visually-hidden">{legend} </span>
        {end}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value || null)}
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
