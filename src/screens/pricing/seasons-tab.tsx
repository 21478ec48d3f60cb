import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { errorText } from '../../api/api-error';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { useRecordForm } from '../../ui/use-record-form';
import { tourUpdateSchema, type Tour } from '../../domain/tours/tour-schema';
import { pricingQueries, type MarkupModelSummary, type NamedOption } from '../../api/pricing-queries';
import { useTourSeason } from '../tour-season/use-season-param';

type SeasonDraft = { key: string; id?: number; season_id: string; deposit: string; markup_model_id: string; currency_id: string; live: boolean };
type SeasonsDraft = { rows: SeasonDraft[] };
let lastKey = 0;

// What the tab sends of the route's schema: the rows with the tour's version.
const seasonsSaveSchema = tourUpdateSchema.pick({ version: true }).extend({ seasons: tourUpdateSchema.shape.seasons.unwrap() });

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** SPEC.md section 5: empty deposit, model and currency become null. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** /tours/{id}/seasons: the tour's seasons with deposit, pricing model, currency and Live. */
export function SeasonsTab() {
  const { tourId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  const models = useQuery(pricingQueries.models());
  const currencies = useQuery(pricingQueries.reference('currencies'));
  usePageTitle(tour.data ? `${tour.data.name}: seasons` : 'Seasons');
  const failed = [tour, models, currencies].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!tour.data || !models.data || !currencies.data) return <LoadingView label="Loading seasons…" />;
  return <SeasonsEditor key={tour.data.version} tourId={tourId} tour={tour.data} models={models.data} currencies={currencies.data} />;
}

/** The tab's rows as loaded: each stored tour season keyed and identified by its id. */
const seasonsDraftOf = (tour: Tour): SeasonsDraft => ({
  rows: tour.seasons.map((season) => ({
    key: `season-${season.id}`,
    id: season.id,
    season_id: String(season.season_id),
    deposit: text(season.deposit),
    markup_model_id: text(season.markup_model_id),
    currency_id: text(season.currency_id),
    live: season.live,
  })),
});

function SeasonsEditor({
  tourId,
  tour,
  models,
  currencies,
}: {
  tourId: string;
  tour: Tour;
  models: readonly MarkupModelSummary[];
  currencies: readonly NamedOption[];
}) {
  const queryClient = useQueryClient();
  const form = useRecordForm({
    initial: () => seasonsDraftOf(tour),
    schema: seasonsSaveSchema,
    valuesOf: ({ rows }: SeasonsDraft) => ({
      version: tour.version,
      seasons: rows.map((row) => ({
        ...(row.id ? { id: row.id } : {}),
        season_id: Number(row.season_id),
        deposit: numberOrNull(row.deposit),
        markup_model_id: numberOrNull(row.markup_model_id),
        currency_id: numberOrNull(row.currency_id),
        live: row.live,
      })),
    }),
    send: (body, _changed, mergedVersion) => api.tours.save({ params: { id: tour.id }, body: { ...body, version: mergedVersion ?? body.version } }),
    // Issue 29: a stale save merges with the tour's seasons as stored now, row by row.
    merge: {
      current: async () => {
        const fresh = await api.tours.read({ params: { id: String(tour.id) } });
        return { draft: seasonsDraftOf(fresh), version: fresh.version };
      },
      lastChange: { kind: 'tours', id: tour.id },
    },
    savedMessage: 'Saved',
    // The tab starts afresh from the saved tour (its new version remounts it); until then, nothing is unsaved.
    cleanOnSave: true,
    onSaved: (saved) => {
      queryClient.setQueryData(pricingQueries.tour(tourId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: pricingQueries.all });
    },
    refusedMessage: (errors) => errors.seasons,
  });
  const rows = form.draft.rows;
  const setRows = (update: (current: SeasonDraft[]) => SeasonDraft[]) => form.setDraft((current) => ({ rows: update(current.rows) }));
  const change = (key: string, fields: Partial<SeasonDraft>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...fields } : row)));
  const unused = tour.allSeasons.filter((season) => !rows.some((row) => row.season_id === String(season.id)));
  return (
    <form onSubmit={form.submit}>
      <table className="table season-table">
        <thead>
          <tr>
            <th>Season</th>
            <th>Deposit (£)</th>
            <th>Pricing model</th>
            <th>Currency</th>
            <th>Live</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const depositError = form.errorOf(`seasons.${index}.deposit`);
            return (
              <tr key={row.key}>
                <td>
                  <select
                    aria-label={`Season of row ${index + 1}`}
                    value={row.season_id}
                    onChange={(event) => change(row.key, { season_id: event.target.value, markup_model_id: '' })}
                  >
                    {tour.allSeasons
                      .filter((season) => season.id === Number(row.season_id) || !rows.some((other) => other.season_id === String(season.id)))
                      .map((season) => (
                        <option key={season.id} value={season.id}>
                          {season.name}
                        </option>
                      ))}
                  </select>
                </td>
                <td>
                  <input
                    aria-label={`Deposit of row ${index + 1}`}
                    type="number"
                    min={0}
                    step="any"
                    value={row.deposit}
                    onChange={(event) => change(row.key, { deposit: event.target.value })}
                    aria-invalid={depositError ? true : undefined}
                  />
                  {depositError && (
                    <span className="field-error" role="alert">
                      {depositError}
                    </span>
                  )}
                </td>
                <td>
                  <select
                    aria-label={`Pricing model of row ${index + 1}`}
                    value={row.markup_model_id}
                    onChange={(event) => change(row.key, { markup_model_id: event.target.value })}
                  >
                    <option value="">None</option>
                    {models
                      .filter((model) => model.season_id === Number(row.season_id))
                      .map((model) => (
                        <option key={model.id} value={model.id}>
                          {model.name}
                        </option>
                      ))}
                  </select>
                </td>
                <td>
                  <select
                    aria-label={`Currency of row ${index + 1}`}
                    value={row.currency_id}
                    onChange={(event) => change(row.key, { currency_id: event.target.value })}
                  >
                    <option value="">None</option>
                    {currencies.map((currency) => (
                      <option key={currency.id} value={currency.id}>
                        {currency.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    aria-label={`Live of row ${index + 1}`}
                    type="checkbox"
                    checked={row.live}
                    onChange={(event) => change(row.key, { live: event.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={unused.length === 0}
          onClick={() =>
            setRows((current) => [
              ...current,
              { key: `season-new-${(lastKey += 1)}`, season_id: String(unused[0].id), deposit: '', markup_model_id: '', currency_id: '', live: false },
            ])
          }
        >
          Add Season
        </button>
        <button type="submit" className="button primary" disabled={form.saving || !form.dirty}>
          Save
        </button>
      </div>
    </form>
  );
}
