import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import { FormField } from '../../ui/form-field.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import type { SeasonRate } from '../../domain/reference/currency.js';
import { referenceResource, type ReferenceResource } from '../../domain/reference/reference-resources.js';
import { ReferenceFieldInput } from './reference-field-input.js';
import { ReferenceFormFrame, SaveButton } from './reference-form-screen.js';
import { draftFromRow, emptyDraft, valuesFromDraft, type Draft } from './reference-form-values.js';
import { useReferenceRow } from './use-reference-row.js';
import { referenceSave } from './use-reference-save.js';
import { LastChanged } from '../record-changes/last-changed.js';

/** Rates typed per season, by season id; '' means the season has no rate for this currency. */
type RateTexts = Record<number, string>;

/**
 * The currency form is explicit: besides name, symbol and general rate it holds a rate per
 * season (foreign units per pound), which the pricing of that season divides by.
 */
export function CurrencyFormScreen() {
  const resource = referenceResource('currencies');
  const { id } = useParams();
  const loaded = useReferenceRow(resource, id);
  usePageTitle(loaded.status === 'ready' ? `${loaded.row.name} · Currencies` : loaded.status === 'creating' ? 'New currency' : 'Currencies');
  return (
    <ReferenceFormFrame resource={resource} loaded={loaded}>
      {(row) => <CurrencyForm key={row?.id ?? 'new'} resource={resource} row={row} />}
    </ReferenceFormFrame>
  );
}

const ratesOf = (row: ReferenceRow | null): RateTexts =>
  Object.fromEntries(((row?.rates as SeasonRate[] | undefined) ?? []).map((rate) => [rate.season_id, String(rate.rate)]));

/** The currency's fields as typed, with its season rates beside them. */
type CurrencyDraft = Draft & { rates: RateTexts };

// Seasons with a rate typed, in the order of the table, so an error at rates.N finds its row.
const ratedSeasonsOf = (rates: RateTexts) =>
  Object.entries(rates)
    .filter(([, text]) => text.trim() !== '')
    .map(([seasonId, text]) => ({ season_id: Number(seasonId), text }));

function CurrencyForm({ resource, row }: { resource: ReferenceResource; row: ReferenceRow | null }) {
  const seasons = useQuery(referenceQueries.list('seasons'));
  const form = useRecordForm({
    initial: (): CurrencyDraft => ({ ...(row ? draftFromRow(row, resource.fields) : emptyDraft(resource)), rates: ratesOf(row) }),
    schema: resource.schema,
    valuesOf: (draft: CurrencyDraft) => ({
      ...valuesFromDraft(draft, resource.fields),
      rates: ratedSeasonsOf(draft.rates).map(({ season_id, text }) => ({ season_id, rate: Number.isFinite(Number(text)) ? Number(text) : text })),
    }),
    ...referenceSave(
      resource,
      row,
      (stored): CurrencyDraft => ({ ...draftFromRow(stored, resource.fields), rates: ratesOf(stored) }),
      // 'rates.3': the rate of season 3, by its name.
      (path) => {
        const season = seasons.data?.find((candidate) => `rates.${String(candidate.id)}` === path);
        return season ? `Rate for ${String(season.name)}` : undefined;
      },
    ),
  });
  const { draft, errorOf } = form;
  const ratedSeasons = ratedSeasonsOf(draft.rates);
  const rateError = (seasonId: number) => {
    const index = ratedSeasons.findIndex((entry) => entry.season_id === seasonId);
    return index >= 0 ? errorOf(`rates.${index}.rate`) : undefined;
  };

  return (
    <section className="page reference-form-page">
      <div className="page-header">
        <h1>{row ? `Currency: ${row.name}` : 'New currency'}</h1>
      </div>
      {row && <LastChanged kind="currencies" id={row.id} version={row.version} />}
      <form className="reference-form" onSubmit={form.submit} noValidate>
        {resource.fields.map((field, index) => (
          <ReferenceFieldInput
            key={field.name}
            field={field}
            value={draft[field.name]}
            error={errorOf(field.name)}
            onChange={(value) => form.change(field.name, value)}
            autoFocus={index === 0}
          />
        ))}
        <fieldset className="season-rates">
          <legend className="field-label">Rates per season (foreign units per pound)</legend>
          {seasons.isPending && <p className="muted">Loading seasons…</p>}
          {seasons.data?.length === 0 && <p className="muted">There are no seasons yet: add one under Seasons to give it a rate.</p>}
          {errorOf('rates') && !ratedSeasons.some((entry) => rateError(entry.season_id)) && (
            <p className="field-error" role="alert">
              {errorOf('rates')}
            </p>
          )}
          <div className="season-rate-grid">
            {seasons.data?.map((season) => (
              <FormField key={season.id} label={season.name} error={rateError(season.id)}>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  className="narrow"
                  value={draft.rates[season.id] ?? ''}
                  onChange={(event) => form.change('rates', { ...draft.rates, [season.id]: event.target.value })}
                />
              </FormField>
            ))}
          </div>
        </fieldset>
        <div className="form-actions">
          <SaveButton saving={form.saving} />
          <Link className="button" to="/currencies">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
