import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { MarkupModelEditor } from './markup-model-editor.js';
import { modelQueries } from '../../api/model-queries.js';
import { LastChanged } from '../record-changes/last-changed.js';

/** /models/{id}/{season_id}: one model's name and rates, with the what-if preview of every change. */
export function ModelEditScreen() {
  const params = useParams();
  const modelId = Number(params.id);
  const seasonId = Number(params.seasonId);
  const model = useQuery(modelQueries.detail(seasonId, modelId));
  usePageTitle(model.data ? `Markup model ${model.data.name}` : 'Markup model');
  return (
    <section className="page">
      <div className="page-header">
        <h1>{model.data ? `Markup model: ${model.data.name}` : 'Markup model'}</h1>
        <div className="actions">
          <Link className="button" to="/models">
            Back to models
          </Link>
        </div>
      </div>
      {model.data && <LastChanged kind="markup_models" id={model.data.id} version={model.data.version} />}
      {model.isPending ? <LoadingView /> : model.isError ? <ErrorView message={errorText(model.error)} /> : <MarkupModelEditor model={model.data} />}
    </section>
  );
}
