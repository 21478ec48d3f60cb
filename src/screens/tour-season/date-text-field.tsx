import { useEffect, useState } from 'react';
import { formatDayMonthYear, parseDayMonthYear } from './date-text';

/** One date typed as dd/mm/yyyy; text that is not such a date is ignored and the field goes back. */
export function DateTextField({ label, value, onChange }: { label: string; value: string | null; onChange: (iso: string | null) => void }) {
  const [text, setText] = useState(formatDayMonthYear(value));
  useEffect(() => setText(formatDayMonthYear(value)), [value]);
  const commit = () => {
    if (text.trim() === '') return onChange(null);
    const iso = parseDayMonthYear(text);
    if (iso === null) setText(formatDayMonthYear(value));
    else onChange(iso);
  };
  return (
    <label className="bar-field">
      {label}
      <input
        value={text}
        placeholder="dd/mm/yyyy"
        size={10}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
