import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { referenceQueries, type SourceOption } from '../../app/api/reference-queries.js';
import { FormField } from '../../app/ui/form-field.js';
import type { ListSource } from '../../domain/reference/form-fields.js';

const SHOWN_OPTIONS = 200;

/** One row of another list, or none: a select, or an id box while that list's call is missing. */
export function ReferencePicker({ label, source, value, onChange, error }: { label: string; source: ListSource; value: number | null; onChange: (value: number | null) => void; error?: string }) {
  const options = useQuery(referenceQueries.options(source));
  if (options.data === null) {
    return (
      <FormField label={`${label} (id)`} error={error}>
        <input type="number" min={1} step={1} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))} />
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
 * in that order): the picked ones as removable chips, the rest as a filterable checklist.
 */
export function ReferenceListPicker({ label, source, value, onChange, error }: { label: string; source: ListSource; value: number[]; onChange: (value: number[]) => void; error?: string }) {
  const options = useQuery(referenceQueries.options(source));
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const byId = useMemo(() => new Map((options.data ?? []).map((option) => [option.id, option])), [options.data]);
  const matching = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all: SourceOption[] = options.data ?? [];
    return needle ? all.filter((option) => option.name.toLowerCase().includes(needle)) : all;
  }, [options.data, filter]);

  if (options.data === null) {
    return (
      <FormField label={`${label} (ids, separated by commas)`} error={error}>
        <input
          type="text"
          value={value.join(', ')}
          onChange={(event) => onChange(event.target.value.split(',').map((part) => Number(part.trim())).filter((id) => Number.isInteger(id) && id > 0))}
        />
      </FormField>
    );
  }
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((entry) => entry !== id) : [...value, id]);
  return (
    <fieldset className={`form-field list-picker${error ? ' has-error' : ''}`}>
      <legend className="field-label">
        {label} <span className="muted">({value.length} chosen)</span>
      </legend>
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
      <label htmlFor={filterId} className="visually-hidden">
        Find {label.toLowerCase()}
      </label>
      <input id={filterId} type="search" placeholder={`Find ${label.toLowerCase()}…`} value={filter} onChange={(event) => setFilter(event.target.value)} />
      <div className="checklist" role="group" aria-label={label}>
        {options.isPending && <span className="muted">Loading…</span>}
        {matching.slice(0, SHOWN_OPTIONS).map((option) => (
          <label key={option.id} className="check">
            <input type="checkbox" checked={value.includes(option.id)} onChange={() => toggle(option.id)} />
            {option.name}
          </label>
        ))}
        {matching.length > SHOWN_OPTIONS && <span className="muted">{matching.length - SHOWN_OPTIONS} more: narrow the search.</span>}
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
