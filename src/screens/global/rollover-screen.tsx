import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/api.js';
import { ApiError, errorText } from '../../api/api-error.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';
import { priceHistoryQueries } from '../../api/price-history-queries.js';
import { pricingQueries } from '../../api/pricing-queries.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { referenceQueries } from '../../api/reference-queries.js';
import { rolloverQueries } from '../../api/rollover-queries.js';
import { countWords } from '../../domain/count-words.js';
import type { RolloverCommitResult, RolloverPreview, RolloverRequestInput } from '../../domain/rollover/rollover-request.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { chosenTours, initialChoices, requestOf, type RolloverChoices } from './rollover-choices.js';
import { RolloverForm } from './rollover-form.js';
import { RolloverPreviewView } from './rollover-preview.js';
import { buildRolloverXlsx, rolloverFileName } from './rollover-workbook.js';
import { saveFile } from '../tour-season/download-price-sheet.js';
import './rollover-screen.css';

/** The server's refusal of a field, if it named one. */
const fieldErrorOf = (error: unknown) => (path: string) => (error instanceof ApiError ? (error.items.find((item) => item.path === path)?.msg ?? null) : null);

/** The messages of a refusal that name no field shown on the form. */
const FORM_FIELDS = /^(source_season_id|target_season_id|uplift_percent|round_to|ending|tour_ids|uplifts\.\d+\.(percent|destination_id|currency_id))$/;
const otherErrors = (error: unknown): string[] =>
  error instanceof ApiError
    ? error.items.filter((item) => !item.path || !FORM_FIELDS.test(item.path)).map((item) => item.msg)
    : error
      ? [errorText(error)]
      : [];

/**
 * Global > Roll over (issue 31): next season's prices for many tours at once. The manager chooses
 * the seasons, the tours and the rules, previews every tour (rows under the guardrail flagged),
 * exports the preview, commits it as one change set, and can roll it back.
 */
export function RolloverScreen() {
  usePageTitle('Roll over a season');
  const queryClient = useQueryClient();
  const seasons = useQuery(bulkPricingQueries.seasons());
  const destinations = useQuery(referenceQueries.list('destinations'));
  const currencies = useQuery(bulkPricingQueries.currencies());
  const models = useQuery(modelQueries.list());
  const [choices, setChoices] = useState<RolloverChoices | null>(null);
  const list = seasons.data ?? [];
  // The latest two seasons by default: this year's into next year's.
  const current = choices ?? initialChoices(String(list.at(-2)?.id ?? ''), String(list.at(-1)?.id ?? ''));
  const candidates = useQuery(rolloverQueries.candidates(Number(current.source), Number(current.target)));
  const tours = candidates.data ? chosenTours(candidates.data, current) : [];
  // What the shown preview was asked with: the commit sends exactly that, never newer choices.
  const [previewed, setPreviewed] = useState<{ request: RolloverRequestInput; preview: RolloverPreview } | null>(null);
  const [committed, setCommitted] = useState<RolloverCommitResult | null>(null);

  const change = (next: Partial<RolloverChoices>) => {
    setChoices({ ...current, ...next });
    setPreviewed(null);
  };
  const preview = useMutation({
    mutationFn: (request: RolloverRequestInput) => api.rollovers.preview({ body: request }),
    ...REPORTS_OWN_ERRORS,
    onSuccess: (answer, request) => {
      setPreviewed({ request, preview: answer });
      setCommitted(null);
    },
  });
  const commit = useMutation({
    mutationFn: (request: RolloverRequestInput) => api.rollovers.commit({ body: request }),
    ...REPORTS_OWN_ERRORS,
    onSuccess: (result) => {
      setCommitted(result);
      notifySuccess(`${result.label}: ${countWords(result.tour_seasons.length, 'tour season')} created, not live`);
      void queryClient.invalidateQueries({ queryKey: rolloverQueries.all });
    },
  });
  const rollback = useMutation({
    mutationFn: (changeSetId: number) => api.priceHistory.rollback({ params: { changeSetId } }),
    ...REPORTS_OWN_ERRORS,
    onSuccess: (result) => {
      notifySuccess(`Rolled back: ${countWords(result.seasons, 'tour season')} removed`);
      setCommitted(null);
      setPreviewed(null);
      for (const queryKey of [rolloverQueries.all, pricingQueries.all, priceHistoryQueries.all, ['season-data']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });

  const startCommit = async () => {
    if (!previewed) return;
    const { preview: shown } = previewed;
    const confirmed = await confirmAction({
      title: 'Commit this roll-over?',
      text:
        `${shown.label}: ${countWords(shown.totals.tours, 'new tour season')} with ${countWords(shown.totals.rows, 'row')}, ` +
        'not live, in one save that can be rolled back.',
      details: shown.totals.below_guardrail > 0 ? [`${countWords(shown.totals.below_guardrail, 'row')} will be below the margin guardrail.`] : undefined,
      confirmLabel: 'Commit',
    });
    if (confirmed) commit.mutate(previewed.request);
  };
  const [exporting, setExporting] = useState(false);
  const exportPreview = async (shown: RolloverPreview) => {
    setExporting(true);
    try {
      saveFile(await buildRolloverXlsx(shown), rolloverFileName(shown));
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  const startRollback = async (result: RolloverCommitResult) => {
    const confirmed = await confirmAction({
      title: 'Roll back this roll-over?',
      text:
        `The ${countWords(result.tour_seasons.length, 'tour season')} it created are removed with their prices. ` +
        'It is refused if any of them changed since.',
      confirmLabel: 'Roll back',
      danger: true,
    });
    if (confirmed) rollback.mutate(result.change_set_id);
  };

  if (seasons.isPending) return <LoadingView />;
  if (seasons.isError) return <ErrorView message={errorText(seasons.error)} />;
  const errorOf = fieldErrorOf(preview.error ?? commit.error);
  const targetSeason = list.find((season) => String(season.id) === String(previewed?.request.target_season_id ?? current.target));
  const firstRolled = committed?.tour_seasons[0];

  return (
    <section className="page rollover-screen">
      <h1>Roll over a season</h1>
      <p className="muted">Next season&apos;s prices for many tours at once: previewed, rounded, committed in one save and reversible.</p>
      <RolloverForm
        choices={current}
        onChange={change}
        seasons={list}
        destinations={destinations.data ?? []}
        currencies={currencies.data ?? []}
        models={models.data ?? []}
        candidates={candidates.data}
        candidatesLoading={candidates.isLoading}
        errorOf={errorOf}
        previewing={preview.isPending}
        onPreview={() =>
          preview.mutate(
            requestOf(
              current,
              tours.map((tour) => tour.tour_id),
            ),
          )
        }
      />
      {otherErrors(preview.error ?? commit.error).length > 0 && (
        <div className="error-view" role="alert">
          <ul>
            {otherErrors(preview.error ?? commit.error).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {previewed && (
        <section className="rollover-result" aria-labelledby="rollover-preview-title">
          <div className="page-header">
            <h2 id="rollover-preview-title">Preview: {previewed.preview.label}</h2>
            <div className="actions">
              <button type="button" className="button" disabled={exporting} onClick={() => void exportPreview(previewed.preview)}>
                {exporting ? 'Exporting…' : 'Export preview (xlsx)'}
              </button>
              <button
                type="button"
                className="button primary"
                disabled={commit.isPending || committed !== null || previewed.preview.problems.length > 0 || previewed.preview.tours.length === 0}
                onClick={() => void startCommit()}
              >
                {commit.isPending ? 'Committing…' : 'Commit roll-over'}
              </button>
            </div>
          </div>
          {committed && (
            <div className="rollover-committed" role="status">
              <p>
                Committed as change set {committed.change_set_id}: {countWords(committed.tour_seasons.length, 'tour season')} in{' '}
                {targetSeason?.name ?? 'the target season'}, not live.{' '}
                {firstRolled && (
                  <Link to={`/tours/${firstRolled.tour_id}/pricing?season=${previewed.request.target_season_id}`}>
                    Open the first rolled tour&apos;s prices
                  </Link>
                )}
              </p>
              <button type="button" className="button danger" disabled={rollback.isPending} onClick={() => void startRollback(committed)}>
                Roll back this roll-over
              </button>
              {rollback.error && <ErrorView message={errorText(rollback.error)} />}
            </div>
          )}
          <RolloverPreviewView preview={previewed.preview} />
        </section>
      )}
    </section>
  );
}
