import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ReferenceRow } from '../../api/reference-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { FormField as FieldSpec } from '../../domain/reference/form-fields.js';
import { slugify } from '../../domain/reference/slug.js';
import { referenceResource, type ReferenceKey, type ReferenceResource } from '../../domain/reference/reference-resources.js';
import { ReferenceFieldInput } from './reference-field-input.js';
import { draftFromRow, emptyDraft, valuesFromDraft, type Draft } from './reference-form-values.js';
import { useReferenceRow } from './use-reference-row.js';
import { referenceSave } from './use-reference-save.js';
import { LastChanged } from '../record-changes/last-changed.js';
import { referenceRecordKind } from '../../domain/record-kinds.js';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Create (`/{key}/create`) and edit (`/{key}/{id}`) of any reference resource, from its registry entry. */
export function ReferenceFormScreen({ resourceKey }: { resourceKey: ReferenceKey }) {
  const resource = referenceResource(resourceKey);
  const { id } = useParams();
  const loaded = useReferenceRow(resource, id);
  usePageTitle(
    loaded.status === 'ready' ? `${loaded.row.name} · ${resource.title}` : loaded.status === 'creating' ? `New ${resource.singular}` : resource.title,
  );
  return (
    <ReferenceFormFrame resource={resource} loaded={loaded}>
      {(row) => <ReferenceForm key={row?.id ?? 'new'} resource={resource} row={row} />}
    </ReferenceFormFrame>
  );
}

/** The loading, missing and failed states every reference form shares; the form once there is one. */
export function ReferenceFormFrame({
  resource,
  loaded,
  children,
}: {
  resource: ReferenceResource;
  loaded: ReturnType<typeof useReferenceRow>;
  children: (row: ReferenceRow | null) => ReactNode;
}) {
  if (loaded.status === 'loading') return <LoadingView />;
  if (loaded.status === 'missing' || loaded.status === 'error') {
    return (
      <section className="page">
        <h1>{resource.title}</h1>
        <ErrorView message={loaded.status === 'missing' ? `There is no such ${resource.singular}.` : `The ${resource.singular} could not be loaded.`} />
        <p>
          <Link to={`/${resource.key}`}>Back to {resource.title.toLowerCase()}</Link>
        </p>
      </section>
    );
  }
  return children(loaded.status === 'ready' ? loaded.row : null);
}

const ASIDE_KINDS = new Set<FieldSpec['kind']>(['number', 'image', 'gallery', 'select', 'reference']);

/**
 * Long forms (rich text, lists to pick from) use the width of the screen: short settings and SEO
 * fields go to a side column, which wraps under the main one on narrower screens.
 */
function formLayout(fields: readonly FieldSpec[]) {
  const long = fields.some((field) => field.kind === 'rich-text' || field.kind === 'reference-list');
  const inAside = (field: FieldSpec) => long && (ASIDE_KINDS.has(field.kind) || field.name.startsWith('seo_'));
  return { main: fields.filter((field) => !inAside(field)), aside: fields.filter(inAside) };
}

/**
 * Pressing Save does not take focus from the field being edited: a blur would show that field's
 * error, move the button down under the pointer, and lose the click.
 */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <button type="submit" className="button primary" disabled={saving} onMouseDown={(event) => event.preventDefault()}>
      {saving ? 'Saving…' : 'Save'}
    </button>
  );
}

function ReferenceForm({ resource, row }: { resource: ReferenceResource; row: ReferenceRow | null }) {
  const slugField = resource.fields.find((field) => field.kind === 'slug');
  const form = useRecordForm({
    initial: (): Draft => (row ? draftFromRow(row, resource.fields) : emptyDraft(resource)),
    schema: resource.schema,
    valuesOf: (draft: Draft) => valuesFromDraft(draft, resource.fields),
    ...referenceSave(resource, row, (stored) => draftFromRow(stored, resource.fields)),
    // A new row's slug follows its name until staff type a slug of their own.
    slug: slugField?.kind === 'slug' ? { from: slugField.from, to: slugField.name, follows: !row, make: slugify } : undefined,
  });

  const title = row ? `${capitalise(resource.singular)}: ${row.name}` : `New ${resource.singular}`;
  const layout = formLayout(resource.fields);
  return (
    <section className="page reference-form-page">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {row && <LastChanged kind={referenceRecordKind(resource.key)} id={row.id} version={row.version} />}
      <form className={`reference-form${layout.aside.length ? ' with-aside' : ''}`} onSubmit={form.submit} noValidate>
        {[layout.main, layout.aside].map((fields, column) => (
          <div key={column} className={column === 0 ? 'form-main' : 'form-aside'}>
            {fields.map((field) => (
              <ReferenceFieldInput
                key={field.name}
                field={field}
                value={form.draft[field.name]}
                error={form.errorOf(field.name)}
                onChange={(value) => form.change(field.name, value)}
                onBlur={() => form.touch(field.name)}
                autoFocus={field === resource.fields[0]}
              />
            ))}
          </div>
        ))}
        <div className="form-actions">
          <SaveButton saving={form.saving} />
          <Link className="button" to={`/${resource.key}`}>
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
