import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../app/api/api-error.js';
import { enquiryQueries } from '../../app/api/booking-queries.js';
import { ErrorView, LoadingView } from '../../app/ui/status-views.js';
import { usePageTitle } from '../../app/ui/use-page-title.js';
import { formatDateTime } from '../../domain/bookings/booking-money.js';
import { ListPager } from '../bookings/list-pager.js';
import { useListParams } from '../bookings/use-list-params.js';
import '../bookings/bookings.css';

const PAGE_SIZE = 50;

/** /enquiries: newest first, found by name or e-mail. */
export function EnquiryListScreen() {
  usePageTitle('Enquiries');
  const { listParams, typed, setTyped, setPage } = useListParams(PAGE_SIZE);
  const query = useQuery({ ...enquiryQueries.list(listParams), placeholderData: keepPreviousData });
  const data = query.data;
  return (
    <section className="page">
      <div className="page-header">
        <h1>Enquiries</h1>
      </div>
      <div className="data-list-bar list-filters">
        <label className="filter-box">
          Search
          <input type="search" value={typed} placeholder="Name or e-mail" onChange={(event) => setTyped(event.target.value)} autoFocus />
        </label>
        {data && <span className="row-count">{data.total.toLocaleString('en-GB')} enquiries</span>}
      </div>
      {query.isPending ? (
        <LoadingView label="Loading enquiries…" />
      ) : query.isError ? (
        <ErrorView message={errorText(query.error)} />
      ) : data && data.results.length === 0 ? (
        <div className="empty-view">
          <p>{listParams.search ? 'No enquiry matches this search.' : 'No enquiries yet. They arrive from the website’s contact form.'}</p>
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th style={{ width: '190px' }}>Received</th>
              <th style={{ width: '20%' }}>Name</th>
              <th style={{ width: '24%' }}>E-mail</th>
              <th>Tours</th>
              <th style={{ width: '80px' }}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data?.results.map((enquiry) => (
              <tr key={enquiry.id}>
                <td>{formatDateTime(enquiry.createdAt)}</td>
                <td>{enquiry.name}</td>
                <td>{enquiry.email}</td>
                <td>{enquiry.tours.map((tour) => tour.name).join(', ') || enquiry.destinations.map((destination) => destination.name).join(', ') || '—'}</td>
                <td>
                  <Link to={`/enquiries/${enquiry.id}`}>View</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <ListPager page={listParams.page} total={data.total} pageSize={PAGE_SIZE} onPageChange={setPage} />}
    </section>
  );
}
