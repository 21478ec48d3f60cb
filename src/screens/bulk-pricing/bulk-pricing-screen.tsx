import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { MarkupModelSave } from '../../domain/models/markup-model.js';
import { modelChangeProposal, previewModelChange } from '../../domain/models/preview-rate-change.js';
import type { SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';
import { MarkupModelEditor } from '../models/markup-model-editor.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';
import { AlsoHere, ChangeNotice } from '../tour-season/season-presence.js';
import { useSeasonPresence } from '../tour-season/use-season-follow.js';
import { CurrencyRatesPanel } from './currency-rates-panel.js';
import { NotesPanel } from './notes-panel.js';
import { TourPricesGrid } from './tour-prices-grid.js';
import type { WhatIf } from './tour-what-if.js';
import './bulk-pricing.css';

/**
 * /pgt?season=&tour_id=: the season's markup models and currency rates, each change previewed
 * across every tour of the season before it is saved, notes, and tour-code tabs whose prices load
 * only when chosen.
 */
export function BulkPricingScreen() {
  usePageTitle('Bulk pricing');
  const [params, setParams] = useSearchParams();
  const seasons = useQuery(bulkPricingQueries.seasons());
  const seasonId = Number(params.get('season')) || seasons.data?.[0]?.id || 0;
  const tourId = Number(params.get('tour_id')) || null;
  const queryClient = useQueryClient();
  // Who else has this season's bulk pricing open, and their saves (issue 29).
  const presence = useSeasonPresence(seasonId ? { pgtSeasonId: seasonId } : null);
  const choose = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };

  return (
    <section className="page bulk-pricing">
      <div className="page-header">
        <h1>Bulk pricing</h1>
        {tourId !== null && (
          <Link className="button" to={`/tours/${tourId}/pricing`}>
            Back to the tour
          </Link>
        )}
        <AlsoHere presence={presence} />
        <label className="actions">
          Season
          <select value={seasonId || ''} onChange={(event) => choose({ season: event.target.value, tour_id: null })}>
            {seasons.data?.map((season) => (
              <option key={season.id} value={season.id}>
                {season.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ChangeNotice
        presence={presence}
        // The page's reads of the season again; a model's or a currency's open draft is the clerk's own.
        onBringIn={(change) => {
          void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.all });
          void queryClient.invalidateQueries({ queryKey: modelQueries.all });
          presence.dismiss(change.change_set_id);
        }}
      />
      {seasons.isPending ? (
        <LoadingView />
      ) : seasons.isError ? (
        <ErrorView message={errorText(seasons.error)} />
      ) : seasonId ? (
        <SeasonPanels seasonId={seasonId} tourId={tourId} onTour={(id) => choose({ tour_id: String(id) })} />
      ) : (
        <p>There are no seasons yet.</p>
      )}
    </section>
  );
}

function SeasonPanels({ seasonId, tourId, onTour }: { seasonId: number; tourId: number | null; onTour: (tourId: number) => void }) {
  const models = useQuery(modelQueries.season(seasonId));
  const view = useQuery(bulkPricingQueries.view(seasonId));
  // Every stored row of the season, once: each what-if is then worked out in the browser.
  const inputs = useQuery(bulkPricingQueries.inputs(seasonId));
  const tours = view.data?.tours ?? [];
  const previewers = useMemo(() => {
    const data = inputs.data;
    return new Map((models.data ?? []).map((model) => [model.id, data ? (save: MarkupModelSave) => previewModelChange(data, model, save) : undefined]));
  }, [inputs.data, models.data]);
  // The unsaved changes of the panels, by panel, in the order last touched: the tour grid shows the latest.
  const [whatIfs, setWhatIfs] = useState<ReadonlyMap<string, WhatIf>>(new Map());
  const onWhatIf = useCallback((key: string, whatIf: WhatIf | null) => {
    setWhatIfs((current) => {
      if (whatIf === null && !current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      if (whatIf) next.set(key, whatIf);
      return next;
    });
  }, []);
  const modelWhatIfs = useMemo(() => {
    const data = inputs.data;
    return new Map(
      (models.data ?? []).map((model) => [
        model.id,
        (save: MarkupModelSave | null) => {
          const planned = save && data ? modelChangeProposal(data, model, save) : null;
          onWhatIf(`model-${model.id}`, planned?.proposal ? { label: `model ${save?.model.name ?? model.name}`, proposal: planned.proposal } : null);
        },
      ]),
    );
  }, [inputs.data, models.data, onWhatIf]);
  const latestWhatIf = [...whatIfs.values()].at(-1) ?? null;
  return (
    <>
      <p className="muted preview-inputs" data-preview-inputs={inputs.data ? 'ready' : inputs.isError ? 'failed' : 'loading'}>
        {inputs.data
          ? `What-if previews are worked out here from the season's ${storedRows(inputs.data).toLocaleString('en-GB')} stored prices, bikes and extras.`
          : inputs.isError
            ? 'The season’s prices could not be loaded here; previews are worked out by the server.'
            : 'Loading the season’s prices for instant previews…'}
      </p>
      <div className="bulk-panels">
        <section className="panel" aria-labelledby="models-title">
          <h2 id="models-title">Markup models</h2>
          {models.isPending ? (
            <LoadingView />
          ) : models.data?.length ? (
            models.data.map((model) => (
              <MarkupModelEditor key={model.id} model={model} previewInBrowser={previewers.get(model.id)} onDraftChange={modelWhatIfs.get(model.id)} />
            ))
          ) : (
            <p className="muted">This season has no markup models.</p>
          )}
        </section>
        <CurrencyRatesPanel seasonId={seasonId} inputs={inputs.data} refreshing={inputs.isFetching} onWhatIf={onWhatIf} />
        <NotesPanel />
      </div>
      <section aria-labelledby="tours-title">
        <h2 id="tours-title">Tours ({tours.length})</h2>
        <div className="tour-code-tabs" role="tablist" aria-label="Tour codes">
          {tours.map((tour) => (
            <button
              key={tour.id}
              type="button"
              role="tab"
              aria-selected={tour.id === tourId}
              className={`tour-tab${tour.id === tourId ? ' active' : ''}`}
              title={tour.name}
              onClick={() => onTour(tour.id)}
            >
              {tour.tour_code || tour.name}
            </button>
          ))}
        </div>
        {tourId ? (
          <div role="tabpanel" aria-label={tours.find((tour) => tour.id === tourId)?.name ?? 'Tour'}>
            <TourPricesGrid tourId={tourId} seasonId={seasonId} whatIf={latestWhatIf} />
          </div>
        ) : (
          <p className="muted">Choose a tour code to see its prices.</p>
        )}
      </section>
    </>
  );
}

const storedRows = (inputs: SeasonPricingInputs) => Object.values(inputs.lists).reduce((total, list) => total + list.tour_season_id.length, 0);
