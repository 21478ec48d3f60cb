import type { Key } from 'react';
import './check-group.css';

export type CheckOption<Value extends Key> = { value: Value; label: string };

/**
 * A labelled group of checkboxes for a short fixed list (months, nights, weekdays). The value is
 * kept in the options' order whatever order they were ticked in.
 */
export function CheckGroup<Value extends Key>({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: readonly CheckOption<Value>[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  error?: string | null;
}) {
  const toggle = (option: Value) => {
    const chosen = new Set(value.includes(option) ? value.filter((entry) => entry !== option) : [...value, option]);
    onChange(options.map((entry) => entry.value).filter((entry) => chosen.has(entry)));
  };
  return (
    <fieldset className={`form-field check-group${error ? ' has-error' : ''}`}>
      <legend className="field-label">{label}</legend>
      <div className="check-group-options">
        {options.map((option) => (
          <label key={option.value} className="check">
            <input type="checkbox" checked={value.includes(option.value)} onChange={() => toggle(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
