import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api.js';
import { notifySuccess } from '../../ui/notify.js';
import { FormField } from '../../ui/form-field.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';

/** /models/create: a name and a season; rates are added on the model's own page. */
export function ModelCreateScreen() {
  usePageTitle('New markup model');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const seasons = useQuery(bulkPricingQueries.seasons());
  const [name, setName] = useState('');
  const [seasonId, setSeasonId] = useState('');
  const [errors, setErrors] = useState<{ name?: string; season?: string }>({});
  const create = useMutation({
    mutationFn: () => api.models.create({ body: { name, season_id: Number(seasonId), rates: [{ commission: 0, markup: 1, supplement_markup: 1 }] } }),
    onSuccess: (model) => {
      notifySuccess('Created');
      void queryClient.invalidateQueries({ queryKey: modelQueries.all });
      void navigate(`/models/${model.id}/${model.season_id}`);
    },
  });
  return (
    <section className="page">
      <h1>New markup model</h1>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const found = { name: name.trim() ? undefined : 'Name is required', season: seasonId ? undefined : 'Choose a season' };
          setErrors(found);
          if (!found.name && !found.season) create.mutate();
        }}
      >
        <FormField label="Name" error={errors.name}>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoFocus />
        </FormField>
        <FormField label="Season" error={errors.season}>
          <select value={seasonId} onChange={(event) => setSeasonId(event.target.value)}>
            <option value="">Pick a season</option>
            {seasons.data?.map((season) => (
              <option key={season.id} value={season.id}>
                {season.name}
              </option>
            ))}
          </select>
        </FormField>
        <p className="muted">The model starts with a 0% rate (the rate removed rates fall back to); add and edit rates after creating it.</p>
        <button type="submit" className="button primary" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Create'}
        </button>
      </form>
    </section>
  );
}
