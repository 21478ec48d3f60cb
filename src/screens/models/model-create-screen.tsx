import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/api.js';
import { markupModelCreateSchema } from '../../domain/models/markup-model.js';
import { NAME_MAX } from '../../domain/reference/reference-fields.js';
import { FormField } from '../../ui/form-field.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';

// The route's schema; the season is picked from a list, so its message says to pick one.
const createSchema = markupModelCreateSchema.extend({ season_id: z.number({ error: 'Choose a season' }).int().positive() });
/** The 0% rate removed rates fall back to (SPEC.md section 3). */
const FIRST_RATE = { commission: 0, markup: 1, supplement_markup: 1 };

/** /models/create: a name and a season; rates are added on the model's own page. */
export function ModelCreateScreen() {
  usePageTitle('New markup model');
  const seasons = useQuery(bulkPricingQueries.seasons());
  const form = useRecordForm({
    initial: () => ({ name: '', season_id: '' }),
    schema: createSchema,
    valuesOf: ({ name, season_id }) => ({ name, season_id: season_id === '' ? undefined : Number(season_id), rates: [FIRST_RATE] }),
    send: (body) => api.models.create({ body }),
    savedMessage: 'Created',
    invalidate: modelQueries.all,
    leaveTo: (model) => `/models/${model.id}/${model.season_id}`,
  });
  const { draft, errorOf } = form;
  return (
    <section className="page">
      <h1>New markup model</h1>
      <form className="form" onSubmit={form.submit}>
        <FormField label="Name" error={errorOf('name')}>
          <input value={draft.name} onChange={(event) => form.change('name', event.target.value)} maxLength={NAME_MAX} autoFocus />
        </FormField>
        <FormField label="Season" error={errorOf('season_id')}>
          <select value={draft.season_id} onChange={(event) => form.change('season_id', event.target.value)}>
            <option value="">Pick a season</option>
            {seasons.data?.map((season) => (
              <option key={season.id} value={season.id}>
                {season.name}
              </option>
            ))}
          </select>
        </FormField>
        <p className="muted">The model starts with a 0% rate (the rate removed rates fall back to); add and edit rates after creating it.</p>
        <button type="submit" className="button primary" disabled={form.saving}>
          {form.saving ? 'Saving…' : 'Create'}
        </button>
      </form>
    </section>
  );
}
