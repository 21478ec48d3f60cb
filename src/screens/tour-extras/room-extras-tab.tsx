import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { api } from '../../api/api';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { togglePrePost } from '../../domain/tours/tour-extras-rules';
import type { RoomExtra, RoomExtrasSeasonSave, RoomExtraVariation } from '../../domain/tours/tour-extras-schemas';
import type { LeadingColumn } from '../../grid/price-grid-context';
import { newRowKey } from '../../grid/price-row';
import { pricingQueries, type NamedOption } from '../../api/pricing-queries';
import { useSeasonFollow } from '../tour-season/use-season-follow';
import { useTourSeason } from '../tour-season/use-season-param';
import { extrasQueries } from '../../api/extras-queries';
import { ExtrasWorkspace, type ExtraKindConfig } from './extras-workspace';
import { RoomVariationPanel, type RoomRow } from './room-variation-panel';
import { variationSummary } from './room-variation-text';
import { priceFieldsOf } from './staged-extras';
import { EXTRA_NIGHTS_LAYOUT } from '../../formulas/price-sheet-layout';
import { roomRowFromSheet } from './room-sheet-row';
import { extraNightsSheetSeason } from '../tour-season/tab-sheet-exports';
import './tour-extras.css';

type RoomFields = Pick<RoomExtra, 'name' | 'pre' | 'post'>;

const options = (list: readonly NamedOption[], empty: string) => [{ value: null, label: empty }, ...list.map((item) => ({ value: item.id, label: item.name }))];

const ROOM_CONFIG: ExtraKindConfig<RoomExtra, RoomExtraVariation, RoomFields, RoomRow> = {
  noun: 'Extra night',
  historyKind: 'room_extra_variation',
  emptyMessage: 'This season has no extra nights. Add one, or copy them from another tour.',
  trackedFields: ['start', 'end', 'room_type_id', 'accommodation_category_id', 'specific_dates', 'restricted_dates', 'restricted_days'],
  fieldsOf: (extra) => ({ name: extra.name, pre: extra.pre, post: extra.post }),
  newFields: () => ({ name: '', pre: true, post: true }),
  rowOf: (variation, key) => ({
    key,
    ...(variation.id === undefined ? {} : { id: variation.id }),
    start: variation.start,
    end: variation.end,
    room_type_id: variation.room_type_id,
    accommodation_category_id: variation.accommodation_category_id,
    specific_dates: variation.specific_dates,
    restricted_dates: variation.restricted_dates,
    restricted_days: variation.restricted_days,
    ...priceFieldsOf(variation),
  }),
  // A new variation covers the same dates as the one above it, for another room.
  newRow: (previous, rateId) => ({
    key: newRowKey(),
    start: previous?.start ?? null,
    end: previous?.end ?? null,
    room_type_id: null,
    accommodation_category_id: previous?.accommodation_category_id ?? null,
    specific_dates: [],
    restricted_dates: [],
    restricted_days: [],
    formula: null,
    gross: 0,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: rateId,
  }),
  variationFields: (row) => ({
    start: row.start,
    end: row.end,
    room_type_id: row.room_type_id,
    accommodation_category_id: row.accommodation_category_id,
    specific_dates: row.specific_dates,
    restricted_dates: row.restricted_dates,
    restricted_days: row.restricted_days,
  }),
  title: (fields, number) => `Extra night ${number}${fields.name ? `: ${fields.name}` : ''}`,
};

/** /tours/{id}/room-extras?season=...: the season's extra nights (room extras) and their dated variations. */
export function RoomExtrasTab() {
  const { tourId, seasonId } = useTourSeason();
  const queryClient = useQueryClient();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: extra nights` : 'Extra nights');
  const list = useQuery({ ...extrasQueries.room(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  const follow = useSeasonFollow(tourId, seasonId, list.refetch);
  const roomTypes = useQuery(pricingQueries.reference('room-types'));
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));

  const leading = useMemo<LeadingColumn[]>(
    () => [
      // Dates and restrictions are edited in the panel below the grid; the cell's tooltip shows them in full.
      { field: 'start', headerName: 'Dates', kind: 'text', width: 184, format: (row) => variationSummary(row as RoomRow), pinned: true },
      { field: 'room_type_id', headerName: 'Room', kind: 'select', options: options(roomTypes.data ?? [], '—'), width: 80, pinned: true },
      { field: 'accommodation_category_id', headerName: 'Category', kind: 'select', options: options(accommodation.data ?? [], 'Any'), width: 90 },
    ],
    [roomTypes.data, accommodation.data],
  );

  if (seasonId === null) return <EmptyView message="Pick a season to see its extra nights." />;
  const failed = [list, roomTypes, accommodation].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!list.data || !roomTypes.data || !accommodation.data) return <LoadingView label="Loading extra nights…" />;
  const lookups = { roomTypes: roomTypes.data, accommodation: accommodation.data };
  return (
    <ExtrasWorkspace
      key={`${tourId}/${seasonId}/${follow.generation}`}
      follow={follow}
      tourId={tourId}
      seasonId={seasonId}
      list={list.data}
      config={ROOM_CONFIG}
      // The workspace builds the body from the kind's fields generically; the server checks it.
      saveSeason={(body) => api.roomExtras.saveSeason({ params: { tourId, seasonId }, body: body as RoomExtrasSeasonSave })}
      queryKey={extrasQueries.room(tourId, seasonId).queryKey}
      readSeason={() => api.roomExtras.list({ params: { tourId, seasonId } })}
      leadingColumns={leading}
      renderFields={(fields, number, onChange) => <RoomExtraFields fields={fields} number={number} onChange={onChange} />}
      renderRowPanel={(model, rowKey, index) => <RoomVariationPanel model={model} rowKey={rowKey} index={index} />}
      sheet={{
        layout: EXTRA_NIGHTS_LAYOUT,
        what: 'extra nights',
        season: (season) => extraNightsSheetSeason(season, lookups),
        labelled: roomRowFromSheet(lookups),
      }}
      copy={{
        type: 'extra nights',
        load: (source) => queryClient.fetchQuery({ ...extrasQueries.room(source.tourId, source.seasonId), staleTime: 0, ...REPORTS_OWN_ERRORS }),
      }}
    />
  );
}

/** Name, Pre and Post; at least one of Pre and Post stays checked (SPEC.md section 5). */
export function RoomExtraFields({ fields, number, onChange }: { fields: RoomFields; number: number; onChange: (fields: Partial<RoomFields>) => void }) {
  const of = (label: string) => `${label} of extra night ${number}`;
  return (
    <>
      <label className="bar-field">
        Name
        <input aria-label={of('Name')} value={fields.name} size={32} maxLength={200} onChange={(event) => onChange({ name: event.target.value })} />
      </label>
      <fieldset className="bar-columns" aria-label={of('Before or after the tour')}>
        <label className="bar-check">
          <input
            type="checkbox"
            aria-label={of('Pre')}
            checked={fields.pre}
            onChange={(event) => onChange(togglePrePost(fields, 'pre', event.target.checked))}
          />
          Pre
        </label>
        <label className="bar-check">
          <input
            type="checkbox"
            aria-label={of('Post')}
            checked={fields.post}
            onChange={(event) => onChange(togglePrePost(fields, 'post', event.target.checked))}
          />
          Post
        </label>
      </fieldset>
    </>
  );
}
