import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import { RichTextEditor } from '../../ui/rich-text-editor.js';
import { LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { DOCUMENTATION_FIELDS, DOCUMENTATION_LABELS, type DocumentationField, type TourDocumentation } from '../../domain/tours/tour-documentation-schema.js';
import { ImagePickerField } from '../media/image-picker-field.js';
import { TourTabForm, useTourTabDraft } from './tour-tab-form.js';
import { useTour } from './use-tour.js';

type Fields = Record<DocumentationField, string>;
/** The draft: the four texts and the map image's id ('' for none), as the tab forms keep values. */
type Draft = Fields & { map_id: string };
const EMPTY: Fields = { arrival: '', luggage: '', food: '', bike_details: '' };

/** /tours/{id}/documentation: the four rich-text fields and the map image of the customer's travel document. */
export function TourDocumentationScreen() {
  const { tour, tourRef } = useTour();
  usePageTitle(`Documentation · ${tour.name}`);
  const documentation = useQuery(tourQueries.documentation(tourRef));
  if (documentation.isPending) return <LoadingView label="Loading the documentation…" />;
  // A failed load resets the fields to empty (SPEC.md section 8); the error was notified.
  const data = documentation.data ?? { id: null, version: tour.version, map_id: null, ...EMPTY };
  return <DocumentationForm key={data.version} tourId={tour.id} tourRef={tourRef} data={data} />;
}

/** The tab's draft from the documentation, as loaded or as stored now. */
const documentationDraft = (data: TourDocumentation): Draft => ({
  arrival: data.arrival,
  luggage: data.luggage,
  food: data.food,
  bike_details: data.bike_details,
  map_id: data.map_id === null ? '' : String(data.map_id),
});

function DocumentationForm({ tourId, tourRef, data }: { tourId: number; tourRef: string; data: TourDocumentation }) {
  const form = useTourTabDraft<Draft>(
    () => documentationDraft(data),
    ({ map_id, ...texts }, version) =>
      api.tours.saveDocumentation({
        params: { id: tourRef },
        body: { ...texts, map_id: map_id === '' ? null : Number(map_id), id: data.id, version: version ?? data.version },
      }),
    'Saved',
    `tour:${tourRef}:v${data.version}:documentation`,
    {
      // Read afresh, not into the tab's query: a new version there starts the form afresh.
      current: async () => {
        const stored = await api.tours.documentation({ params: { id: tourRef } });
        return { draft: documentationDraft(stored), version: stored.version };
      },
      lastChange: { kind: 'tours', id: tourId },
      labelOf: (path) => (path === 'map_id' ? 'Map' : (DOCUMENTATION_LABELS[path as DocumentationField] ?? path)),
    },
  );
  return (
    <TourTabForm title="Documentation" saving={form.saving} onSubmit={form.submit} kept={form}>
      <div className="rich-text-grid">
        {DOCUMENTATION_FIELDS.map((field) => (
          <RichTextEditor key={field} label={DOCUMENTATION_LABELS[field]} value={form.draft[field]} onChange={(value) => form.change(field, value)} />
        ))}
      </div>
      <ImagePickerField
        label="Map"
        hint="Shown with the bike handover details in the customer's travel document"
        value={form.draft.map_id === '' ? null : Number(form.draft.map_id)}
        onChange={(id) => form.change('map_id', id === null ? '' : String(id))}
      />
    </TourTabForm>
  );
}
