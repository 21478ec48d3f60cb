import { FormField } from '../../../ui/form-field.js';
import { POPULAR_SEARCH_TYPE_OPTIONS, type PopularSearchType } from '../../../domain/content/content-constants.js';
import type { PopularSearch } from '../../../domain/content/site-options.js';
import { FormSection } from '../content-form-parts.js';
import { newRowKey, SortableList } from '../sortable-list.js';

export type SearchDraft = PopularSearch & { key: string };

/** Popular searches: name, primary, the slug and type they lead to; their order is the list's, set by dragging. */
export function PopularSearchesEditor({
  searches,
  onChange,
  errorOf,
  listError,
}: {
  searches: SearchDraft[];
  onChange: (searches: SearchDraft[]) => void;
  errorOf: (path: string) => string | undefined;
  listError?: string;
}) {
  const set = (index: number, patch: Partial<PopularSearch>) => onChange(searches.map((search, at) => (at === index ? { ...search, ...patch } : search)));
  return (
    <FormSection title="Popular searches">
      {searches.length === 0 ? (
        <p className="muted">No popular searches yet.</p>
      ) : (
        <SortableList items={searches} label="Popular searches" onReorder={onChange}>
          {(search, index, handle) => {
            const path = (field: string) => `popular_searches.${index}.${field}`;
            const label = `Search ${index + 1}`;
            return (
              <div className="row-card popular-search">
                <div className="row-card-header">
                  {handle}
                  <h3>{label}</h3>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button small danger"
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() => onChange(searches.filter((_, at) => at !== index))}
                    >
                      Remove
                    </button>
                  </span>
                </div>
                <div className="popular-search-fields">
                  <FormField label={`${label} name`} error={errorOf(path('name'))}>
                    <input type="text" value={search.name} onChange={(event) => set(index, { name: event.target.value })} />
                  </FormField>
                  <FormField label={`${label} type`} error={errorOf(path('type'))}>
                    <select value={search.type} onChange={(event) => set(index, { type: event.target.value as PopularSearchType })}>
                      {POPULAR_SEARCH_TYPE_OPTIONS.map((option) => (
                        <option key={String(option.value)} value={String(option.value)}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <FormField label={`${label} slug`} error={errorOf(path('slug'))}>
                    <input type="text" value={search.slug} onChange={(event) => set(index, { slug: event.target.value })} />
                  </FormField>
                  <label className="content-check popular-search-primary">
                    <input type="checkbox" checked={search.primary} onChange={(event) => set(index, { primary: event.target.checked })} />
                    Primary
                  </label>
                </div>
              </div>
            );
          }}
        </SortableList>
      )}
      <div className="editor-bar">
        <button
          type="button"
          className="button"
          onClick={() => onChange([...searches, { key: newRowKey(), name: '', primary: false, slug: '', type: 'tour', order: searches.length }])}
        >
          Add popular search
        </button>
        {listError && (
          <span className="field-error" role="alert">
            {listError}
          </span>
        )}
      </div>
    </FormSection>
  );
}
