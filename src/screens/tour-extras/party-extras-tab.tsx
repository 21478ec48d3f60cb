import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { paxForSave } from '../../domain/tours/tour-extras-rules';
import type { PartyExtra, PartyExtrasSeasonSave, PartyExtraVariation } from '../../domain/tours/tour-extras-schemas';
import { GUIDANCE_OPTIONS, nightsChoices } from '../../domain/tours/tour-options';
import type { LeadingColumn } from '../../grid/price-grid-context';
import { newRowKey, type PriceRow } from '../../grid/price-row';
import { pricingQueries, type NamedOption } from '../../api/pricing-queries';
import { useSeasonFollow } from '../tour-season/use-season-follow';
import { useTourSeason } from '../tour-season/use-season-param';
import { extrasQueries } from '../../api/extras-queries';
import { ExtrasWorkspace, type ExtraKindConfig } from './extras-workspace';
import { priceFieldsOf } from './staged-extras';
import { SUPPLEMENTS_LAYOUT } from '../../formulas/price-sheet-layout';
import { idOfName } from '../tour-season/price-sheet-rows';
import { supplementsSheetSeason } from '../tour-season/tab-sheet-exports';
import './tour-extras.css';

type PartyFields = Pick<PartyExtra, 'name' | 'guidance' | 'boat_id' | 'nights' | 'order'>;
type PartyRow = PriceRow & Pick<PartyExtraVariation, 'accommodation_category_id' | 'bike_id' | 'min_pax' | 'max_pax'>;

const toId = (value: string) => (value === '' ? null : Number(value));
const options = (list: readonly NamedOption[], empty: string) => [{ value: null, label: empty }, ...list.map((item) => ({ value: item.id, label: item.name }))];

const PARTY_CONFIG: ExtraKindConfig<PartyExtra, PartyExtraVariation, PartyFields, PartyRow> = {
  noun: 'Supplement',
  historyKind: 'party_extra_variation',
  emptyMessage: 'This season has no supplements. Add one to offer transfers, upgrades or insurance.',
  trackedFields: ['accommodation_category_id', 'bike_id', 'min_pax', 'max_pax'],
  fieldsOf: (extra) => ({ name: extra.name, guidance: extra.guidance, boat_id: extra.boat_id, nights: extra.nights, order: extra.order }),
  newFields: (existing) => ({
    name: '',
    guidance: 0,
    boat_id: null,
    nights: null,
    order: existing.reduce((max, fields) => Math.max(max, fields.order), 0) + 1,
  }),
  rowOf: (variation, key) => ({
    key,
    ...(variation.id === undefined ? {} : { id: variation.id }),
    accommodation_category_id: variation.accommodation_category_id,
    bike_id: variation.bike_id,
    min_pax: variation.min_pax,
    max_pax: variation.max_pax,
    ...priceFieldsOf(variation),
  }),
  newRow: (previous, rateId) => ({
    key: newRowKey(),
    accommodation_category_id: previous?.accommodation_category_id ?? null,
    bike_id: null,
    min_pax: null,
    max_pax: null,
    formula: null,
    gross: 0,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: rateId,
  }),
  // SPEC.md section 5: min and max pax become null when not numeric.
  variationFields: (row) =>
    paxForSave({ accommodation_category_id: row.accommodation_category_id, bike_id: row.bike_id, min_pax: row.min_pax, max_pax: row.max_pax }),
  title: (fields, number) => `Supplement ${number}${fields.name ? `: ${fields.name}` : ''}`,
};

/** /tours/{id}/party-extras?season=...: the season's supplements (party extras) and their variations. */
export function PartyExtrasTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: supplements` : 'Supplements');
  const list = useQuery({ ...extrasQueries.party(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  const follow = useSeasonFollow(tourId, seasonId, list.refetch);
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));
  const bikes = useQuery(pricingQueries.reference('bikes'));
  const boats = useQuery(pricingQueries.reference('boats'));

  const leading = useMemo<LeadingColumn[]>(
    () => [
      // Narrow enough that the whole grid fits a 1280 px screen beside the price columns.
      {
        field: 'accommodation_category_id',
        headerName: 'Category',
        kind: 'select',
        options: options(accommodation.data ?? [], 'Any'),
        width: 90,
        pinned: true,
      },
      { field: 'bike_id', headerName: 'Bike', kind: 'select', options: options(bikes.data ?? [], 'Any'), width: 100, pinned: true },
      { field: 'min_pax', headerName: 'Min pax', kind: 'number', width: 83 },
      { field: 'max_pax', headerName: 'Max pax', kind: 'number', width: 83 },
    ],
    [accommodation.data, bikes.data],
  );

  if (seasonId === null) return <EmptyView message="Pick a season to see its supplements." />;
  const failed = [list, accommodation, bikes, boats].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!list.data || !accommodation.data || !bikes.data || !boats.data) return <LoadingView label="Loading supplements…" />;
  const boatList = boats.data;
  const lookups = { accommodation: accommodation.data, bikes: bikes.data };
  return (
    <ExtrasWorkspace
      key={`${tourId}/${seasonId}/${follow.generation}`}
      follow={follow}
      tourId={tourId}
      seasonId={seasonId}
      list={list.data}
      config={PARTY_CONFIG}
      // The workspace builds the body from the kind's fields generically; the server checks it.
      saveSeason={(body) => api.partyExtras.saveSeason({ params: { tourId, seasonId }, body: body as PartyExtrasSeasonSave })}
      queryKey={extrasQueries.party(tourId, seasonId).queryKey}
      readSeason={() => api.partyExtras.list({ params: { tourId, seasonId } })}
      leadingColumns={leading}
      renderFields={(fields, number, onChange) => <PartyExtraFields fields={fields} number={number} boats={boatList} onChange={onChange} />}
      sheet={{
        layout: SUPPLEMENTS_LAYOUT,
        what: 'supplements',
        season: (season) => supplementsSheetSeason(season, lookups),
        // A name the lists do not know leaves Any, for the clerk to pick.
        labelled: (row, labels) => ({
          ...row,
          accommodation_category_id: idOfName(lookups.accommodation, labels.Category ?? ''),
          bike_id: idOfName(lookups.bikes, labels.Bike ?? ''),
        }),
      }}
    />
  );
}

function PartyExtraFields({
  fields,
  number,
  boats,
  onChange,
}: {
  fields: PartyFields;
  number: number;
  boats: readonly NamedOption[];
  onChange: (fields: Partial<PartyFields>) => void;
}) {
  const of = (label: string) => `${label} of supplement ${number}`;
  return (
    <>
      <label className="bar-field">
        Name
        <input aria-label={of('Name')} value={fields.name} size={28} maxLength={200} onChange={(event) => onChange({ name: event.target.value })} />
      </label>
      <label className="bar-field">
        Guidance
        <select aria-label={of('Guidance')} value={fields.guidance} onChange={(event) => onChange({ guidance: Number(event.target.value) })}>
          {GUIDANCE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="bar-field">
        Boat
        <select aria-label={of('Boat')} value={fields.boat_id ?? ''} onChange={(event) => onChange({ boat_id: toId(event.target.value) })}>
          <option value="">No boat</option>
          {boats.map((boat) => (
            <option key={boat.id} value={boat.id}>
              {boat.name}
            </option>
          ))}
        </select>
      </label>
      <label className="bar-field">
        Nights
        {/* No nights (null) is "Any"; a stored 0 is shown as 0, not as "Any" (saving it unchanged keeps 0). */}
        <select aria-label={of('Nights')} value={fields.nights ?? ''} onChange={(event) => onChange({ nights: toId(event.target.value) })}>
          <option value="">Any</option>
          {nightsChoices(fields.nights).map((nights) => (
            <option key={nights} value={nights}>
              {nights}
            </option>
          ))}
        </select>
      </label>
      <label className="bar-field">
        Order
        <input
          aria-label={of('Order')}
          type="number"
          min={0}
          step={1}
          value={fields.order}
          onChange={(event) => onChange({ order: Math.max(0, Math.round(Number(event.target.value) || 0)) })}
        />
      </label>
    </>
  );
}
