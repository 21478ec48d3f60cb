import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { enquiryQueries } from '../../api/booking-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useIdParam } from '../bookings/use-id-param.js';
import '../bookings/bookings.css';
import { formatDateTime } from '../../domain/format-date.js';

/** /enquiries/{id}: the message (shown as text, never as markup), destinations and tours. */
export function EnquiryDetailScreen() {
  const id = useIdParam();
  const query = useQuery(enquiryQueries.detail(id));
  const enquiry = query.data;
  usePageTitle(enquiry ? `Enquiry from ${enquiry.name}` : 'Enquiry');
  if (query.isPending) return <LoadingView label="Loading the enquiry…" />;
  if (query.isError || !enquiry) return <ErrorView message={errorText(query.error)} />;
  return (
    <section className="page">
      <div className="page-header">
        <h1>Enquiry from {enquiry.name}</h1>
        <div className="actions">
          <Link className="button" to="/enquiries">
            All enquiries
          </Link>
        </div>
      </div>
      <section className="panel" style={{ maxWidth: 820 }}>
        <dl className="facts">
          <dt>Received</dt>
          <dd>{formatDateTime(enquiry.createdAt)}</dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
          </dd>
          <dt>Telephone</dt>
          <dd>{enquiry.telephone ? <a href={`tel:${enquiry.telephone.replace(/\s+/g, '')}`}>{enquiry.telephone}</a> : '—'}</dd>
          <dt>Destinations</dt>
          <dd>{enquiry.destinations.map((destination) => destination.name).join(', ') || '—'}</dd>
          <dt>Tours</dt>
          <dd>
            {enquiry.tours.length === 0
              ? '—'
              : enquiry.tours.map((tour, index) => (
                  <span key={tour.id}>
                    {index > 0 && ', '}
                    <Link to={`/tours/${tour.id}`}>{tour.name}</Link>
                  </span>
                ))}
          </dd>
          <dt>Message</dt>
          <dd style={{ whiteSpace: 'pre-wrap' }}>{enquiry.message}</dd>
        </dl>
      </section>
    </section>
  );
}
