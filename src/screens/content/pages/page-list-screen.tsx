import { Link } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import type { DataListColumn } from '../../../ui/data-list.js';
import { pageFormPath, type PageListItem } from '../../../domain/content/page.js';
import { actionsColumn, ContentListPage, useContentDelete } from '../content-list-page.js';
import { sectionLabel } from './page-sections.js';
import { formatDate } from '../../../domain/format-date.js';

/** /pages: every page, top-level and under the inspiration and explore sections. */
export function PageListScreen() {
  const { remove, deletingId } = useContentDelete<PageListItem>(
    (page) => api.pages.remove({ params: { id: page.id } }),
    (page) => `The page "${page.title}"`,
  );
  const columns: DataListColumn<PageListItem>[] = [
    { key: 'title', header: 'Name', sortValue: (row) => row.title, render: (row) => <Link to={pageFormPath(row)}>{row.title || '(no title)'}</Link> },
    { key: 'section', header: 'Section', width: '130px', sortValue: (row) => sectionLabel(row.section), render: (row) => sectionLabel(row.section) },
    { key: 'slug', header: 'Slug', width: '24%', sortValue: (row) => row.slug, render: (row) => row.slug },
    { key: 'updatedAt', header: 'Updated', width: '120px', sortValue: (row) => row.updatedAt, render: (row) => formatDate(row.updatedAt) },
    actionsColumn(pageFormPath, (row) => row.title, remove, deletingId),
  ];
  return (
    <ContentListPage
      title="Pages"
      list={contentQueries.pages()}
      newPath="/pages/create"
      noun="page"
      columns={columns}
      filterText={(row) => `${row.title} ${row.slug} ${sectionLabel(row.section)}`}
      initialSortKey="title"
    />
  );
}
