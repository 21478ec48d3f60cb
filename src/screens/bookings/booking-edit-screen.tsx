import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../api/api.js';
import { errorText } from '../../api/api-error.js';
import { bookingQueries } from '../../api/booking-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { Booking } from '../../domain/bookings/booking-schema.js';
import { BookingEditForm } from './booking-edit-form.js';
import { useIdParam } from './use-id-param.js';
import './bookings.css';

/** /bookings/edit/{id}: the whole booking saved in one call, refused when someone saved first. */
export function BookingEditScreen() {
  const id = useIdParam();
  const queryClient = useQueryClient();
  // The form starts from what the server holds now, not from a cached copy another tab changed:
  // until data newer than this screen has come, it waits (a save's own answer is newer too).
  const [openedAt] = useState(Date.now);
  const query = useQuery({ ...bookingQueries.detail(id), refetchOnMount: 'always', refetchOnWindowFocus: false });
  const booking = query.data;
  usePageTitle(booking ? `Edit ${booking.booking_reference}` : 'Edit booking');

  if (query.isPending || (query.isFetching && query.dataUpdatedAt < openedAt)) return <LoadingView label="Loading the booking…" />;
  if (query.isError || !booking) return <ErrorView message={errorText(query.error)} />;

  const onSaved = (saved: Booking) => {
    queryClient.setQueryData(bookingQueries.detail(id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: bookingQueries.all });
  };

  return (
    <section className="page">
      <div className="page-header">
        <h1>Edit booking {booking.booking_reference}</h1>
        <div className="actions">
          <Link className="button" to={`/bookings/${booking.id}`}>
            Back to overview
          </Link>
        </div>
      </div>
      <BookingEditForm
        key={booking.version}
        booking={booking}
        send={(body) => api.bookings.save({ params: { id }, body })}
        onSaved={onSaved}
        // Not through the query: a new version there would start the form afresh, without the clerk's typing.
        current={() => api.bookings.read({ params: { id } })}
      />
    </section>
  );
}
