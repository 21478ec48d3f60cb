import { Link } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import type { DataListColumn } from '../../../ui/data-list.js';
import type { Redirect } from '../../../domain/content/redirect.js';
import { actionsColumn, ContentListPage, useContentDelete } from '../content-list-page.js';
import { RedirectCodeLegend, redirectCodeLabel } from './redirect-code-legend.js';

const editPath = (redirect: Redirect) => `/redirect/${redirect.id}`;

/** /redirects: old URL, new URL, code and whether it is shown, beside a legend of the codes. */
export function RedirectListScreen() {
  const { remove, deletingId } = useContentDelete<Redirect>(
    (redirect) => api.redirects.remove({ params: { id: redirect.id } }),
    (redirect) => `The redirect from ${redirect.old_url}`,
  );
  const columns: DataListColumn<Redirect>[] = [
    { key: 'old_url', header: 'Old URL', sortValue: (row) => row.old_url, render: (row) => <Link to={editPath(row)}>{row.old_url}</Link> },
    { key: 'new_url', header: 'New URL', sortValue: (row) => row.new_url, render: (row) => row.new_url },
    { key: 'code', header: 'Code', width: '190px', sortValue: (row) => row.code, render: (row) => redirectCodeLabel(row.code) },
    { key: 'show', header: 'Show', width: '70px', sortValue: (row) => (row.show ? 'Yes' : 'No'), render: (row) => (row.show ? 'Yes' : 'No') },
    actionsColumn(editPath, (row) => `redirect ${row.old_url}`, remove, deletingId),
  ];
  return (
    <ContentListPage
      title="Redirects"
      list={contentQueries.redirects()}
      newPath="/redirect-create"
      noun="redirect"
      columns={columns}
      filterText={(row) => `${row.old_url} ${row.new_url}`}
      initialSortKey="old_url"
      aside={<RedirectCodeLegend />}
    />
  );
}
