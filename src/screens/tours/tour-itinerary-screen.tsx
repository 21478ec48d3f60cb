import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import type { ItinerariesResponse, ItineraryType } from '../../domain/tours/itinerary-schema.js';
import { ITINERARIES_SAVED } from '../../domain/tours/tour-options.js';
import { ItineraryRowEditor, type ItineraryDraft } from './itinerary-row-editor.js';
import { useTour } from './use-tour.js';

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const draftsFrom = (data: ItinerariesResponse): ItineraryDraft[] =>
  data.itineraries.map((row) => ({ ...row, key: `saved-${row.id}`, day: String(row.day), media_id: row.media_id === null ? '' : String(row.media_id) }));

/** /tours/{id}/itineraries: the days of the tour, in order. */
export function TourItineraryScreen() {
  const { tour, tourRef } = useTour();
  usePageTitle(`Itinerary · ${tour.name}`);
  const itineraries = useQuery(tourQueries.itineraries(tourRef));
  if (itineraries.isPending) return <LoadingView label="Loading the itinerary…" />;
  if (itineraries.isError) return <ErrorView message="The itinerary could not be loaded." />;
  // A fresh editor per saved version: after a save the form starts again from what was stored.
  return <ItineraryForm key={itineraries.data.version} tourId={tour.id} tourRef={tourRef} data={itineraries.data} />;
}

const DAY_MESSAGE = 'Day must be a whole number';
const itinerarySchema = z.custom<ItineraryDraft[]>().superRefine((rows, context) =>
  rows.forEach((row, index) => {
    if (!/^\d{1,3}$/.test(row.day.trim())) context.addIssue({ code: 'custom', message: DAY_MESSAGE, path: [index, 'day'] });
  }),
);

const ROW_FIELD_LABELS: Record<string, string> = { day: 'Day', title: 'Title', type: 'Type', content: 'Content', media_id: 'Image' };

/** A field's name in the merge dialog: '1.title' is the title of the second day as merged. */
const itineraryLabel = (path: string, rows: ItineraryDraft[]) => {
  const [position, field] = path.split('.');
  const row = field === undefined ? undefined : rows[Number(position)];
  return row ? `Day ${row.day}${row.title ? ` (${row.title})` : ''}: ${ROW_FIELD_LABELS[field] ?? field}` : 'The days (added, removed or moved)';
};

function ItineraryForm({ tourId, tourRef, data }: { tourId: number; tourRef: string; data: ItinerariesResponse }) {
  const form = useRecordForm({
    initial: () => draftsFrom(data),
    schema: itinerarySchema,
    send: (drafts: ItineraryDraft[], _changed, version) =>
      api.tours.saveItineraries({
        params: { id: tourRef },
        body: {
          version: version ?? data.version,
          // A row's type goes back as it was read or chosen; the server checks it.
          itineraries: drafts.map(({ key: _key, id, day, media_id, ...row }) => ({
            ...row,
            ...(id ? { id } : {}),
            day: Number(day),
            media_id,
            type: row.type as ItineraryType,
          })),
        },
      }),
    savedMessage: ITINERARIES_SAVED,
    invalidate: tourQueries.all,
    cleanOnSave: true,
    // Issue 29: day by day and field by field while no one added, removed or moved a day; else the
    // list is one field. Read afresh, not into the query the form is keyed on by version.
    merge: {
      current: async () => {
        const stored = await api.tours.itineraries({ params: { id: tourRef } });
        return { draft: draftsFrom(stored), version: stored.version };
      },
      lastChange: { kind: 'tours', id: tourId },
      labelOf: itineraryLabel,
    },
  });
  const { draft: rows, setDraft: setRows } = form;

  const update = (key: string, change: Partial<ItineraryDraft>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const move = (index: number, to: number) =>
    setRows((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(to, 0, moved);
      return next;
    });
  const add = () =>
    setRows((current) => {
      const lastDay = Math.max(0, ...current.map((row) => Number(row.day) || 0));
      return [...current, { key: newKey(), day: String(lastDay + 1), title: '', type: 'public', content: '', media_id: '' }];
    });
  const remove = async (row: ItineraryDraft) => {
    const confirmed = await confirmAction({
      title: 'Are you sure?',
      text: `Day ${row.day}${row.title ? ` "${row.title}"` : ''} will be removed when you save.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) setRows((current) => current.filter((candidate) => candidate.key !== row.key));
  };

  return (
    <form className="tour-tab-body itinerary-form" onSubmit={form.submit} noValidate>
      <div className="tab-header">
        <h2>Itinerary</h2>
        <span className="muted">{rows.length === 1 ? '1 day' : `${rows.length} days`}</span>
        <div className="actions">
          <button type="button" className="button" onClick={add}>
            Add day
          </button>
          <button type="submit" className="button primary" disabled={form.saving}>
            {form.saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      {rows.length === 0 ? (
        <div className="empty-view">
          <p>This tour has no itinerary yet.</p>
          <button type="button" className="button primary" onClick={add}>
            Add the first day
          </button>
        </div>
      ) : (
        <ol className="itinerary-rows">
          {rows.map((row, index) => (
            <ItineraryRowEditor
              key={row.key}
              row={row}
              position={index}
              count={rows.length}
              dayError={form.errorOf(`${index}.day`) ?? null}
              onChange={(change) => update(row.key, change)}
              onMove={(to) => move(index, to)}
              onRemove={() => void remove(row)}
            />
          ))}
        </ol>
      )}
    </form>
  );
}
