import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import { FormField } from '../../ui/form-field.js';
import { RichTextEditor } from '../../ui/rich-text-editor.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { TourMetaItem } from '../../domain/tours/tour-meta-schema.js';
import { SNIPPET_SAVED } from '../../domain/tours/tour-options.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { GalleryPickerField } from '../media/gallery-picker-field.js';
import { TourTabForm, useTourTabDraft } from './tour-tab-form.js';
import { useTour } from './use-tour.js';

const RICH_SNIPPETS = [
  { key: 'accommodation', label: 'Accommodation' },
  { key: 'bikes_snippet', label: 'Bikes' },
  { key: 'getting_there', label: 'Getting there' },
] as const;
type DetailsDraft = { accommodation: string; bikes_snippet: string; getting_there: string; live_map: string; accommodation_gallery_id: string };

/** /tours/{id}/details: the accommodation, bikes and getting-there texts, the map and the accommodation gallery. */
export function TourDetailsScreen() {
  const { tour, tourRef } = useTour();
  usePageTitle(`Details · ${tour.name}`);
  const meta = useQuery(tourQueries.meta(tourRef));
  if (meta.isPending) return <LoadingView label="Loading the details…" />;
  if (meta.isError) return <ErrorView message="The tour details could not be loaded." />;
  // Remount on a new tour version or fresh meta, so the form always starts from what is stored.
  return <DetailsForm key={`${tour.version}:${meta.dataUpdatedAt}`} tour={tour} tourRef={tourRef} meta={meta.data} />;
}

/** The tab's draft from the tour and its meta texts, as loaded or as stored now. */
function detailsDraft(tour: Tour, meta: TourMetaItem[]): DetailsDraft {
  const value = (key: string) => meta.find((item) => item.key === key)?.value ?? '';
  return {
    accommodation: value('accommodation'),
    bikes_snippet: value('bikes_snippet'),
    getting_there: value('getting_there'),
    live_map: value('live_map'),
    accommodation_gallery_id: tour.accommodation_gallery_id === null ? '' : String(tour.accommodation_gallery_id),
  };
}

const DETAILS_LABELS: Record<string, string> = {
  ...Object.fromEntries(RICH_SNIPPETS.map((snippet) => [snippet.key, snippet.label])),
  live_map: 'Map',
  accommodation_gallery_id: 'Accommodation gallery',
};

function DetailsForm({ tour, tourRef, meta }: { tour: Tour; tourRef: string; meta: TourMetaItem[] }) {
  const form = useTourTabDraft<DetailsDraft>(
    () => detailsDraft(tour, meta),
    (values, version) =>
      api.tours.save({
        params: { id: tourRef },
        body: {
          version: version ?? tour.version,
          accommodation_gallery_id: values.accommodation_gallery_id,
          meta: (['accommodation', 'bikes_snippet', 'getting_there', 'live_map'] as const).map((key) => ({ key, value: values[key] })),
        },
      }),
    SNIPPET_SAVED,
    `tour:${tour.id}:v${tour.version}:details`,
    {
      // Read afresh, not into the tour's queries: a new version there starts the form afresh.
      current: async () => {
        const [stored, storedMeta] = await Promise.all([api.tours.read({ params: { id: tourRef } }), api.tours.meta({ params: { id: tourRef } })]);
        return { draft: detailsDraft(stored, storedMeta), version: stored.version };
      },
      lastChange: { kind: 'tours', id: tour.id },
      labelOf: (path) => DETAILS_LABELS[path] ?? path,
    },
  );
  const { draft, change } = form;

  return (
    <TourTabForm title="Details" saving={form.saving} onSubmit={form.submit} kept={form}>
      <div className="rich-text-grid">
        {RICH_SNIPPETS.map((snippet) => (
          <RichTextEditor key={snippet.key} label={snippet.label} value={draft[snippet.key]} onChange={(next) => change(snippet.key, next)} />
        ))}
      </div>
      <div className="form-row">
        <FormField label="Map" hint="The map's embed address or code, as the website expects it">
          <input type="text" value={draft.live_map} onChange={(event) => change('live_map', event.target.value)} />
        </FormField>
      </div>
      <GalleryPickerField
        label="Accommodation gallery"
        value={draft.accommodation_gallery_id === '' ? null : Number(draft.accommodation_gallery_id)}
        onChange={(id) => change('accommodation_gallery_id', id === null ? '' : String(id))}
      />
    </TourTabForm>
  );
}
