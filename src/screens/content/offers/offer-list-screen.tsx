import { Link } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import type { DataListColumn } from '../../../ui/data-list.js';
import { OFFER_STATUS_LABELS, OFFER_TYPE_LABELS } from '../../../domain/content/content-constants.js';
import type { OfferListItem } from '../../../domain/content/offer.js';
import { actionsColumn, ContentListPage, useContentDelete } from '../content-list-page.js';

const editPath = (offer: OfferListItem) => `/offers/${offer.id}`;

/** /offers: name, title, type, status and discount. */
export function OfferListScreen() {
  const { remove, deletingId } = useContentDelete<OfferListItem>(
    (offer) => api.offers.remove({ params: { id: offer.id } }),
    (offer) => `The offer "${offer.name}"`,
  );
  const columns: DataListColumn<OfferListItem>[] = [
    { key: 'name', header: 'Name', sortValue: (row) => row.name, render: (row) => <Link to={editPath(row)}>{row.name || '(no name)'}</Link> },
    { key: 'title', header: 'Title', width: '26%', sortValue: (row) => row.title, render: (row) => row.title },
    { key: 'type', header: 'Type', width: '130px', sortValue: (row) => OFFER_TYPE_LABELS[row.type], render: (row) => OFFER_TYPE_LABELS[row.type] },
    {
      key: 'status',
      header: 'Status',
      width: '90px',
      sortValue: (row) => row.status,
      render: (row) => <span className={`status-badge status-${row.status}`}>{OFFER_STATUS_LABELS[row.status]}</span>,
    },
    {
      key: 'discount',
      header: 'Discount',
      width: '100px',
      align: 'right',
      sortValue: (row) => row.discount ?? -1,
      render: (row) => (row.discount === null ? '' : String(row.discount)),
    },
    actionsColumn(editPath, (row) => row.name, remove, deletingId),
  ];
  return (
    <ContentListPage
      title="Offers"
      list={contentQueries.offers()}
      newPath="/offers/create"
      noun="offer"
      columns={columns}
      filterText={(row) => `${row.name} ${row.title} ${row.slug}`}
      initialSortKey="name"
    />
  );
}
