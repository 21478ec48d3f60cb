import { useId } from 'react';
import { FormField } from '../../../ui/form-field.js';
import { newRowKey, SortableList } from '../sortable-list.js';

export type LinkDraft = { key: string; title: string; url: string };
export type ColumnDraft = { title: string; links: LinkDraft[] };

/**
 * One navigation column: its title and its links, which staff add, edit, remove and reorder by
 * dragging a link's handle (or with the keyboard). A link's position is its place in the list.
 */
export function NavigationColumnEditor({
  heading,
  column,
  onChange,
  errors,
}: {
  heading: string;
  column: ColumnDraft;
  onChange: (column: ColumnDraft) => void;
  /** Messages by path inside the column: 'title', 'links.0.url'... */
  errors: Record<string, string | undefined>;
}) {
  const headingId = useId();
  const setLink = (index: number, patch: Partial<LinkDraft>) =>
    onChange({ ...column, links: column.links.map((link, at) => (at === index ? { ...link, ...patch } : link)) });
  return (
    <section className="navigation-column" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <FormField label={`${heading} title`} error={errors.title}>
        <input type="text" value={column.title} onChange={(event) => onChange({ ...column, title: event.target.value })} />
      </FormField>
      {column.links.length === 0 ? (
        <p className="muted">No links yet.</p>
      ) : (
        <SortableList items={column.links} label={`${heading} links`} onReorder={(links) => onChange({ ...column, links })}>
          {(link, index, handle) => (
            <div className="navigation-link">
              {handle}
              <label className="compact-field">
                <span className="visually-hidden">{`${heading} link ${index + 1} title`}</span>
                <input
                  type="text"
                  placeholder="Title"
                  value={link.title}
                  aria-invalid={errors[`links.${index}.title`] ? true : undefined}
                  onChange={(event) => setLink(index, { title: event.target.value })}
                />
              </label>
              <label className="compact-field">
                <span className="visually-hidden">{`${heading} link ${index + 1} URL`}</span>
                <input
                  type="text"
                  placeholder="/url/"
                  value={link.url}
                  aria-invalid={errors[`links.${index}.url`] ? true : undefined}
                  onChange={(event) => setLink(index, { url: event.target.value })}
                />
              </label>
              <button
                type="button"
                className="button small danger"
                aria-label={`Remove ${heading} link ${index + 1}`}
                onClick={() => onChange({ ...column, links: column.links.filter((_, at) => at !== index) })}
              >
                ×
              </button>
              {(errors[`links.${index}.title`] ?? errors[`links.${index}.url`]) && (
                <span className="field-error navigation-link-error" role="alert">
                  {errors[`links.${index}.title`] ?? errors[`links.${index}.url`]}
                </span>
              )}
            </div>
          )}
        </SortableList>
      )}
      <button
        type="button"
        className="button small"
        onClick={() => onChange({ ...column, links: [...column.links, { key: newRowKey(), title: '', url: '' }] })}
      >
        Add link
      </button>
    </section>
  );
}
