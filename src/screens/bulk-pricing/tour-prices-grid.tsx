import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing.js';
import { MISSING_MODEL_OR_CURRENCY } from '../../domain/pricing/tour-pricing.js';
import { PriceGrid } from '../../grid/price-grid.js';
import type { GroupHeader, LeadingColumn, SelectOption } from '../../grid/price-grid-context.js';
import { PriceGridModel } from '../../grid/price-grid-model.js';
import { storedRowKey } from '../../grid/price-row.js';
import { formatMoney } from '../../domain/format-money.js';
import { useModelDisposal } from '../../grid/use-model-disposal.js';
import { formatSignedPounds } from '../models/format-pounds.js';
import { bulkPricingQueries } from '../../api/model-queries.js';
import { dateRangesText } from '../pricing/group-summary.js';
import { groupStarts, stageCategories, type PriceGroup, type PricingRow } from '../pricing/price-groups.js';
import { pricingQueries, type NamedOption } from '../../api/pricing-queries.js';
import { rateOptions } from '../tour-season/rate-options.js';
import { countWords } from '../../domain/count-words.js';
import { tourWhatIf, type RowWhatIf, type StoredPriceRow, type TourWhatIf, type WhatIf } from './tour-what-if.js';

/** Up to this many rows the grid sizes to them; larger seasons scroll inside the grid. */
const AUTO_HEIGHT_ROWS = 30;

const options = (list: readonly NamedOption[] | undefined): SelectOption[] => [
  { value: null, label: '—' },
  ...(list ?? []).map((item) => ({ value: item.id, label: item.name })),
];

/** The columns a what-if adds beside the prices, and what each shows of a row. */
const WHAT_IF_COLUMNS: { field: string; headerName: string; show: (row: RowWhatIf) => string }[] = [
  { field: 'what_if_current', headerName: 'Current cost', show: (row) => formatMoney(row.current) },
  { field: 'what_if_new', headerName: 'New cost', show: (row) => formatMoney(row.next) },
  { field: 'what_if_change', headerName: 'Change', show: (row) => formatSignedPounds(row.change) },
];

/**
 * One tour's price groups and prices for the season in the shared price grid, fetched when its
 * tab is chosen. Read-only: on this page prices change only through a model or currency rate.
 * While such a change is unsaved (`whatIf`), each row shows its stored cost, its cost after the
 * change and the difference.
 */
export function TourPricesGrid({ tourId, seasonId, whatIf = null }: { tourId: number; seasonId: number; whatIf?: WhatIf | null }) {
  const pricing = useQuery(bulkPricingQueries.tourPrices(tourId, seasonId));
  const roomTypes = useQuery(pricingQueries.reference('room-types'));
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));
  if (pricing.isPending) return <LoadingView label="Loading prices…" />;
  if (pricing.isError) return <ErrorView message={errorText(pricing.error)} />;
  if (!pricing.data.tour_season.model || !pricing.data.tour_season.currency) return <p className="error-text">{MISSING_MODEL_OR_CURRENCY}</p>;
  // A refetch (after a rate is saved) starts a fresh grid with the stored prices.
  return <ReadOnlyPrices key={pricing.dataUpdatedAt} pricing={pricing.data} roomTypes={roomTypes.data} accommodation={accommodation.data} whatIf={whatIf} />;
}

type ReadOnlyPricesProps = { pricing: SeasonPricing; roomTypes?: NamedOption[]; accommodation?: NamedOption[]; whatIf: WhatIf | null };

function ReadOnlyPrices({ pricing, roomTypes, accommodation, whatIf }: ReadOnlyPricesProps) {
  const context = pricing.tour_season;
  const stored = useMemo<StoredPriceRow[]>(
    () =>
      pricing.categories
        .flatMap((category) => category.prices)
        .map((price) => ({
          key: storedRowKey(price.id),
          input: { gross: Number(price.gross), non_com: Number(price.non_com), adjustment: Number(price.adjustment), markup_rate_id: price.markup_rate_id },
          net: Number(price.net),
          cost: Number(price.cost),
        })),
    [pricing],
  );
  const impact = useMemo(() => (whatIf ? tourWhatIf(context, whatIf.proposal, stored) : null), [context, whatIf, stored]);
  const [{ groups, model }] = useState(() => {
    const staged = stageCategories(pricing.categories);
    return {
      groups: staged.groups,
      model: new PriceGridModel<PricingRow>({
        rows: staged.rows,
        rates: context.model?.rates ?? [],
        currencyRate: context.currency?.rate ?? null,
        kind: 'tour',
      }),
    };
  });
  useModelDisposal(model);
  const headers = useMemo<GroupHeader[]>(() => {
    const starts = groupStarts(groups);
    return groups.map((group, g) => ({ key: group.key, beforeIndex: starts[g] }));
  }, [groups]);
  const leading = useMemo<LeadingColumn[]>(
    () => [
      { field: 'room_type_id', headerName: 'Room', kind: 'select', options: options(roomTypes), width: 150 },
      { field: 'accommodation_category_id', headerName: 'Accommodation', kind: 'select', options: options(accommodation), width: 160 },
      ...(impact ? whatIfColumns(impact) : []),
    ],
    [roomTypes, accommodation, impact],
  );
  const rates = useMemo(() => rateOptions(context.model?.rates ?? []), [context.model]);
  const renderHeader = (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    return g < 0 ? null : <ReadOnlyGroupHeader group={groups[g]} number={g + 1} />;
  };
  if (model.rows.length === 0) return <p className="muted">This tour has no prices for the season.</p>;
  return (
    <>
      {whatIf && (
        <p className="tour-what-if" data-testid="tour-what-if">
          {impact
            ? `What-if (${whatIf.label}, not saved): ${impact.changed} of this tour's ${countWords(stored.length, 'price')} ` +
              `${impact.changed === 1 ? 'changes' : 'change'}, cost ${formatSignedPounds(impact.costChange)}. ` +
              `The preview's figure for the tour code also counts its bikes and extras.`
            : `What-if (${whatIf.label}, not saved): this tour's prices do not follow it.`}
        </p>
      )}
      <PriceGrid
        model={model}
        ariaLabel="Tour prices"
        leadingColumns={leading}
        rateOptions={rates}
        currencySymbol={context.currency?.symbol ?? ''}
        groupHeaders={headers}
        renderGroupHeader={renderHeader}
        autoHeight={model.rows.length + groups.length <= AUTO_HEIGHT_ROWS}
        height="60vh"
        readOnly
      />
    </>
  );
}

function whatIfColumns(impact: TourWhatIf): LeadingColumn[] {
  return WHAT_IF_COLUMNS.map(({ field, headerName, show }) => ({
    field,
    headerName,
    kind: 'text',
    width: 124,
    format: (row) => {
      const values = impact.rows.get(row.key);
      return values ? show(values) : '';
    },
  }));
}

function ReadOnlyGroupHeader({ group, number }: { group: PriceGroup; number: number }) {
  const dates = dateRangesText(group.date_ranges);
  const nights = group.nights ? `, ${group.nights} nights` : '';
  return (
    <span className="bulk-group-header">
      <strong>Group {number}</strong> <span className="muted">{`${dates}${nights}, ${group.size} price${group.size === 1 ? '' : 's'}`}</span>
    </span>
  );
}
