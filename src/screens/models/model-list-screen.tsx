import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../api/api.js';
import { errorText } from '../../api/api-error.js';
import { notifySuccess } from '../../ui/notify.js';
import { confirmDelete } from '../../ui/confirm-dialog.js';
import { DataTable, type DataListColumn } from '../../ui/data-table.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { MarkupModel } from '../../domain/models/markup-model.js';
import { groupModelsBySeason } from './group-models-by-season.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';
import { countWords } from '../../domain/count-words.js';
import './models.css';

/** /models: the markup models of each season (SPEC.md section 2: a list per season), newest season first. */
export function ModelListScreen() {
  usePageTitle('Markup models');
  const queryClient = useQueryClient();
  const models = useQuery(modelQueries.list());
  const seasons = useQuery(bulkPricingQueries.seasons());
  const [filter, setFilter] = useState('');
  const remove = useMutation({
    mutationFn: (model: MarkupModel) => api.models.remove({ params: { modelId: model.id } }),
    onSuccess: () => {
      notifySuccess('Deleted');
      void queryClient.invalidateQueries({ queryKey: modelQueries.all });
    },
  });
  const groups = useMemo(() => groupModelsBySeason(models.data ?? [], seasons.data ?? [], filter), [models.data, seasons.data, filter]);
  const shown = groups.reduce((total, group) => total + group.models.length, 0);

  const columns: DataListColumn<MarkupModel>[] = [
    { key: 'name', header: 'Name', render: (model) => <Link to={`/models/${model.id}/${model.season_id}`}>{model.name}</Link> },
    { key: 'rates', header: 'Commissions', width: '35%', render: (model) => model.rates.map((rate) => `${rate.commission}%`).join(', ') },
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
  ];

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
      ) : models.data.length === 0 ? (
        <div className="empty-view">
          <p>There are no markup models yet.</p>
          <Link className="button primary" to="/models/create">
            New markup model
          </Link>
        </div>
      ) : (
        <div className="data-list">
          <div className="data-list-bar">
            <label className="filter-box">
              Filter
              <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
            </label>
            <span className="row-count" aria-live="polite">
              {shown === models.data.length ? countWords(shown, 'model') : `${shown} of ${countWords(models.data.length, 'model')}`}
            </span>
          </div>
          {groups.map((group) => (
            <section key={group.seasonId} className="model-season" aria-labelledby={`models-season-${group.seasonId}`}>
              <div className="page-header">
                <h2 id={`models-season-${group.seasonId}`}>{group.seasonName}</h2>
                <div className="actions">
                  <Link className="button small" to={`/pgt?season=${group.seasonId}`}>
                    Bulk pricing
                  </Link>
                </div>
              </div>
              <DataTable rows={group.models} columns={columns} rowKey={(model) => model.id} sort={null} isSortable={() => false} onSort={() => undefined} />
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
