import { Link } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import type { DataListColumn } from '../../../ui/data-list.js';
import type { BlogPostListItem } from '../../../domain/content/blog-post.js';
import { actionsColumn, ContentListPage, useContentDelete } from '../content-list-page.js';
import { formatDate } from '../../../domain/format-date.js';

const editPath = (post: BlogPostListItem) => `/blogs/${encodeURIComponent(post.slug)}`;

/** /blogs: the blog posts, newest changes findable by the Updated column. */
export function BlogListScreen() {
  const { remove, deletingId } = useContentDelete<BlogPostListItem>(
    (post) => api.blogPosts.remove({ params: { id: post.id } }),
    (post) => `The blog post "${post.title}"`,
  );
  const columns: DataListColumn<BlogPostListItem>[] = [
    { key: 'title', header: 'Name', sortValue: (row) => row.title, render: (row) => <Link to={editPath(row)}>{row.title || '(no title)'}</Link> },
    { key: 'slug', header: 'Slug', width: '26%', sortValue: (row) => row.slug, render: (row) => row.slug },
    {
      key: 'show_on_homepage',
      header: 'On homepage',
      width: '120px',
      sortValue: (row) => (row.show_on_homepage ? 'Yes' : 'No'),
      render: (row) => (row.show_on_homepage ? 'Yes' : 'No'),
    },
    { key: 'updatedAt', header: 'Updated', width: '120px', sortValue: (row) => row.updatedAt, render: (row) => formatDate(row.updatedAt) },
    actionsColumn(editPath, (row) => row.title, remove, deletingId),
  ];
  return (
    <ContentListPage
      title="Blog posts"
      list={contentQueries.blogPosts()}
      newPath="/blogs/create"
      noun="blog post"
      columns={columns}
      filterText={(row) => `${row.title} ${row.slug}`}
      initialSortKey="title"
    />
  );
}
