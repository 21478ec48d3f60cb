import { useId, useState } from 'react';
import { addUniqueDate, formatDayMonthYear, parseDayMonthYear } from './date-text';

/**
 * A list of dates (restricted or specific dates): typed as dd/mm/yyyy, anything else ignored,
 * a date already in the list rejected (SPEC.md section 5).
 */
export function DateListField({ label, dates, onChange }: { label: string; dates: readonly string[]; onChange: (dates: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const add = () => {
    const iso = parseDayMonthYear(text);
    if (iso === null) {
      setMessage(text.trim() ? 'Type the date as dd/mm/yyyy' : null);
      return;
    }
    const result = addUniqueDate(dates, iso);
    if (result.rejected) {
      setMessage(`${formatDayMonthYear(iso)} is already in the list`);
      return;
    }
    setMessage(null);
    setText('');
    onChange(result.dates);
  };
  return (
    <div className="date-list-field">
      <label htmlFor={id}>{label}</label>
      <div className="date-list-entry">
        <input
          id={id}
          value={text}
          placeholder="dd/mm/yyyy"
          size={10}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          aria-describedby={`${id}-message`}
        />
        <button type="button" className="button" onClick={add}>
          Add
        </button>
      </div>
      <span id={`${id}-message`} className="field-error" role={message ? 'alert' : undefined}>
        {message ?? ''}
      </span>
      <ul className="date-chips" aria-label={label}>
        {dates.map((date) => (
          <li key={date}>
            {formatDayMonthYear(date)}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove ${formatDayMonthYear(date)}`}
              onClick={() => onChange(dates.filter((other) => other !== date))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
