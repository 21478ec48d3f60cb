import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/api.js';
import { errorText } from '../../api/api-error.js';
import { bookingQueries } from '../../api/booking-queries.js';
import { notifySuccess } from '../../ui/notify.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { bookingFormToSave, type BookingForm } from '../../domain/bookings/booking-save.js';
import { BookingEditForm } from './booking-edit-form.js';
import { useIdParam } from './use-id-param.js';
import './bookings.css';

/** /bookings/edit/{id}: the whole booking saved in one call, refused when someone saved first. */
export function BookingEditScreen() {
  const id = useIdParam();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The form starts from what the server holds now, not from a cached copy another tab changed.
  const query = useQuery({ ...bookingQueries.detail(id), refetchOnMount: 'always', refetchOnWindowFocus: false });
  const booking = query.data;
  usePageTitle(booking ? `Edit ${booking.booking_reference}` : 'Edit booking');
  const save = useMutation({
    mutationFn: (form: BookingForm) => api.bookings.save({ params: { id }, body: bookingFormToSave(form) }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(bookingQueries.detail(id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: bookingQueries.all });
    },
  });

  if (query.isPending || (query.isFetching && !save.isPending && !save.isSuccess)) return <LoadingView label="Loading the booking…" />;
  if (query.isError || !booking) return <ErrorView message={errorText(query.error)} />;

  const onSave = async (form: BookingForm) => {
    try {
      await save.mutateAsync(form);
      notifySuccess('Saved');
      void navigate(`/bookings/${id}`);
      return true;
    } catch {
      // The app's query client has shown the server's message; the form stays as typed.
      return false;
    }
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
      <BookingEditForm key={booking.version} booking={booking} saving={save.isPending} onSave={onSave} />
    </section>
  );
}
