import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/api-client.js';
import { tourPath, tourQueries } from '../../app/api/tour-queries.js';
import { notifySuccess } from '../../app/notify.js';
import { RichTextEditor } from '../../app/ui/rich-text-editor.js';
import { LoadingView } from '../../app/ui/status-views.js';
import { usePageTitle } from '../../app/ui/use-page-title.js';
import { useUnsavedChangesPrompt } from '../../app/ui/use-unsaved-changes-prompt.js';
import { DOCUMENTATION_FIELDS, DOCUMENTATION_LABELS, type DocumentationField, type TourDocumentation } from '../../domain/tours/tour-documentation-schema.js';
import { useTour } from './use-tour.js';
import { useTourSaved } from './use-tour-saved.js';

type Fields = Record<DocumentationField, string>;
const EMPTY: Fields = { arrival: '', luggage: '', food: '', bike_details: '' };

/** /tours/{id}/documentation: the four rich-text fields of the customer's travel document. */
export function TourDocumentationScreen() {
  const { tour, tourRef } = useTour();
  usePageTitle(`Documentation · ${tour.name}`);
  const documentation = useQuery(tourQueries.documentation(tourRef));
  if (documentation.isPending) return <LoadingView label="Loading the documentation…" />;
  // A failed load resets the fields to empty (SPEC.md section 8); the error was notified.
  const data = documentation.data ?? { id: null, version: tour.version, map_id: null, ...EMPTY };
  return <DocumentationForm key={data.version} tourRef={tourRef} data={data} />;
}

function DocumentationForm({ tourRef, data }: { tourRef: string; data: TourDocumentation }) {
  const [initial] = useState<Fields>(() => ({ arrival: data.arrival, luggage: data.luggage, food: data.food, bike_details: data.bike_details }));
  const [fields, setFields] = useState(initial);
  const tourSaved = useTourSaved();
  const save = useMutation({
    mutationFn: (values: Fields) => api.put<TourDocumentation>(tourPath(tourRef, '/documentation'), { ...values, id: data.id, version: data.version }),
    onSuccess: async () => {
      notifySuccess('Saved');
      await tourSaved();
    },
  });
  useUnsavedChangesPrompt(JSON.stringify(fields) !== JSON.stringify(initial) && !save.isSuccess);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(fields);
  };
  return (
    <form className="tour-tab-body" onSubmit={submit} noValidate>
      <div className="tab-header">
        <h2>Documentation</h2>
        <div className="actions">
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      <div className="rich-text-grid">
        {DOCUMENTATION_FIELDS.map((field) => (
          <RichTextEditor key={field} label={DOCUMENTATION_LABELS[field]} value={fields[field]} onChange={(value) => setFields((current) => ({ ...current, [field]: value }))} />
        ))}
      </div>
    </form>
  );
}
