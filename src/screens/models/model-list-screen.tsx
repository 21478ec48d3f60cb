import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../app/api/api-client.js';
import { notifySuccess } from '../../app/notify.js';
import { confirmDelete } from '../../app/ui/confirm-dialog.js';
import { DataList } from '../../app/ui/data-list.js';
import { ErrorView, LoadingView } from '../../app/ui/status-views.js';
import { usePageTitle } from '../../app/ui/use-page-title.js';
import { errorText } from '../../app/api/api-error.js';
import type { MarkupModel } from '../../domain/models/markup-model.js';
import { bulkPricingQueries, modelQueries } from './model-queries.js';

/** /models: every markup model with its season and rates, newest seasons first. */
export function ModelListScreen() {
  usePageTitle('Markup models');
  const queryClient = useQueryClient();
  const models = useQuery(modelQueries.list());
  const seasons = useQuery(bulkPricingQueries.seasons());
  const seasonName = (id: number) => seasons.data?.find((season) => season.id === id)?.name ?? `Season ${id}`;
  const remove = useMutation({
    mutationFn: (model: MarkupModel) => api.delete<{ id: number }>(`models/${model.id}`),
    onSuccess: () => {
      notifySuccess('Deleted');
      void queryClient.invalidateQueries({ queryKey: modelQueries.all });
    },
  });
  return (
    <section className="page">
      <div className="page-header">
        <h1>Markup models</h1>
        <div className="actions">
          <Link className="button primary" to="/models/create">
            New
          </Link>
        </div>
      </div>
      {models.isPending ? (
        <LoadingView />
      ) : models.isError ? (
        <ErrorView message={errorText(models.error)} />
      ) : (
        <DataList
          rows={models.data}
          rowKey={(model) => model.id}
          filterText={(model) => `${model.name} ${seasonName(model.season_id)}`}
          initialSort={{ key: 'season', direction: 'desc' }}
          emptyMessage="There are no markup models yet."
          emptyAction={
            <Link className="button primary" to="/models/create">
              New markup model
            </Link>
          }
          columns={[
            { key: 'name', header: 'Name', sortValue: (model) => model.name, render: (model) => <Link to={`/models/${model.id}/${model.season_id}`}>{model.name}</Link> },
            { key: 'season', header: 'Season', width: '20%', sortValue: (model) => seasonName(model.season_id), render: (model) => seasonName(model.season_id) },
            { key: 'rates', header: 'Commissions', width: '25%', render: (model) => model.rates.map((rate) => `${rate.commission}%`).join(', ') },
            {
              key: 'actions',
              header: 'Actions',
              width: '150px',
              render: (model) => (
                <span className="row-actions">
                  <Link className="button small" to={`/models/${model.id}/${model.season_id}`} aria-label={`Edit ${model.name}`}>
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button small danger"
                    disabled={remove.isPending}
                    aria-label={`Delete ${model.name}`}
                    onClick={() => void confirmDelete(model.name).then((confirmed) => confirmed && remove.mutate(model))}
                  >
                    Delete
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
