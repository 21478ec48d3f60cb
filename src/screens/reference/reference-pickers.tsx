import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { referenceQueries, type SourceOption } from '../../api/reference-queries.js';
import { FormField } from '../../ui/form-field.js';
import type { ListSource } from '../../domain/reference/form-fields.js';

const SHOWN_OPTIONS = 200;

/** One row of another list, or none: a select, or an id box while that list's call is missing. */
export function ReferencePicker({
  label,
  source,
  value,
  onChange,
  error,
}: {
  label: string;
  source: ListSource;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
}) {
  const options = useQuery(referenceQueries.options(source));
  if (options.data === null) {
    return (
      <FormField label={`${label} (id)`} error={error}>
        <input
          type="number"
          min={1}
          step={1}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        />
      </FormField>
    );
  }
  const known = options.data ?? [];
  return (
    <FormField label={label} error={error}>
      <select value={value ?? ''} disabled={options.isPending} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
        <option value="">None</option>
        {/* The stored id stays selectable even before (or without) its row in the list. */}
        {value !== null && !known.some((option) => option.id === value) && <option value={value}>#{value}</option>}
        {known.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * Several rows of another list, kept in the order they were picked (a category lists its tours
 * in that order): the picked ones as removable chips, and a search box that opens a list of the
 * matching rows to pick from (a multi-select combobox: arrows move, Enter picks or unpicks,
 * Escape closes, Backspace in an empty box removes the last chip).
 */
export function ReferenceListPicker({
  label,
  source,
  value,
  onChange,
  error,
}: {
  label: string;
  source: ListSource;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
}) {
  const options = useQuery(referenceQueries.options(source));
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const byId = useMemo(() => new Map((options.data ?? []).map((option) => [option.id, option])), [options.data]);
  const matching = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all: SourceOption[] = options.data ?? [];
    return (needle ? all.filter((option) => option.name.toLowerCase().includes(needle)) : all).slice(0, SHOWN_OPTIONS);
  }, [options.data, filter]);

  if (options.data === null) {
    return (
      <FormField label={`${label} (ids, separated by commas)`} error={error}>
        <input
          type="text"
          value={value.join(', ')}
          onChange={(event) =>
            onChange(
              event.target.value
                .split(',')
                .map((part) => Number(part.trim()))
                .filter((id) => Number.isInteger(id) && id > 0),
            )
          }
        />
      </FormField>
    );
  }
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((entry) => entry !== id) : [...value, id]);
  const activeOption = open ? matching[Math.min(active, matching.length - 1)] : undefined;
  const optionId = (id: number) => `${listId}-${id}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((current) => Math.max(0, Math.min(matching.length - 1, current + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      toggle(activeOption.id);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && filter === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={`form-field list-picker${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId} className="field-label">
        {label} <span className="muted">({value.length} chosen)</span>
      </label>
      {value.length > 0 && (
        <ul className="chips" aria-label={`Chosen ${label.toLowerCase()}`}>
          {value.map((id) => (
            <li key={id} className="chip">
              {byId.get(id)?.name ?? `#${id}`}
              <button type="button" className="chip-remove" aria-label={`Remove ${byId.get(id)?.name ?? id}`} onClick={() => toggle(id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div
        className="list-picker-box"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
        }}
      >
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption.id) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={`Find ${label.toLowerCase()}…`}
          value={filter}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {open && (
          <ul id={listId} className="list-picker-options" role="listbox" aria-multiselectable="true" aria-label={label}>
            {options.isPending && <li className="muted">Loading…</li>}
            {!options.isPending && matching.length === 0 && <li className="muted">Nothing matches “{filter.trim()}”.</li>}
            {matching.map((option) => (
              <li
                key={option.id}
                id={optionId(option.id)}
                role="option"
                aria-selected={value.includes(option.id)}
                className={option === activeOption ? 'active' : undefined}
                // Keeps the focus in the box, so the list stays open for the next pick.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(option.id)}
              >
                <span aria-hidden="true" className="list-picker-tick">
                  {value.includes(option.id) ? '✓' : ''}
                </span>
                {option.name}
              </li>
            ))}
            {(options.data?.length ?? 0) > SHOWN_OPTIONS && matching.length === SHOWN_OPTIONS && <li className="muted">More rows: narrow the search.</li>}
          </ul>
        )}
      </div>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
