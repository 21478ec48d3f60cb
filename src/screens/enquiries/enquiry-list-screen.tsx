import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { enquiryQueries } from '../../api/booking-queries.js';
import type { DataListColumn } from '../../ui/data-table.js';
import { PagedDataList } from '../../ui/paged-data-list.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { pagedListProps, useListParams } from '../../ui/use-list-params.js';
import type { Enquiry } from '../../domain/bookings/enquiry-schema.js';
import '../bookings/bookings.css';
import { formatDateTime } from '../../domain/format-date.js';

const PAGE_SIZE = 50;

const COLUMNS: DataListColumn<Enquiry>[] = [
  { key: 'received', header: 'Received', width: '190px', render: (enquiry) => formatDateTime(enquiry.createdAt) },
  { key: 'name', header: 'Name', width: '18%', render: (enquiry) => enquiry.name },
  { key: 'email', header: 'E-mail', width: '22%', render: (enquiry) => enquiry.email },
  // Each column shows only its own: an enquiry about destinations has no tours ('—').
  { key: 'tours', header: 'Tours', render: (enquiry) => enquiry.tours.map((tour) => tour.name).join(', ') || '—' },
  {
    key: 'destinations',
    header: 'Destinations',
    width: '16%',
    render: (enquiry) => enquiry.destinations.map((destination) => destination.name).join(', ') || '—',
  },
  { key: 'actions', header: 'Actions', width: '80px', render: (enquiry) => <Link to={`/enquiries/${enquiry.id}`}>View</Link> },
];

/** /enquiries: newest first, found by name or e-mail. */
export function EnquiryListScreen() {
  usePageTitle('Enquiries');
  const list = useListParams(PAGE_SIZE);
  const query = useQuery({ ...enquiryQueries.list(list.listParams), placeholderData: keepPreviousData });
  return (
    <section className="page">
      <div className="page-header">
        <h1>Enquiries</h1>
      </div>
      <PagedDataList
        {...pagedListProps(list, query)}
        noun="enquiry"
        plural="enquiries"
        columns={COLUMNS}
        rowKey={(enquiry) => enquiry.id}
        filterPlaceholder="Name or e-mail"
        autoFocusFilter
        loadingLabel="Loading enquiries…"
        emptyMessage="No enquiries yet. They arrive from the website’s contact form."
      />
    </section>
  );
}
