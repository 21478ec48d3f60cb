import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../api/api-error.js';
import { bookingQueries } from '../../api/booking-queries.js';
import { SafeHtml } from '../../ui/safe-html.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { EMERGENCY_NUMBER, NOTICES } from '../../domain/bookings/documentation-notices.js';
import { useIdParam } from './use-id-param.js';
import './booking-documentation.css';

function Section({ id, title, first, children }: { id: string; title: string; first?: boolean; children: ReactNode }) {
  return (
    <section className={first ? 'doc-first' : 'doc-section'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Rich text, or a sentence saying it is still to come, so no heading stands alone. */
const Rich = ({ html, missing }: { html: string; missing: string }) => (html.trim() ? <SafeHtml html={html} /> : <p className="muted">{missing}</p>);

/** /bookings/{id}/documentation: the customer's travel document, outside the app layout. */
export function BookingDocumentationScreen() {
  const id = useIdParam();
  const query = useQuery(bookingQueries.documentation(id));
  const doc = query.data;
  usePageTitle(doc ? `Travel documents ${doc.booking.booking_reference}` : 'Travel documents');
  if (query.isPending) return <LoadingView label="Loading the documentation…" />;
  if (query.isError || !doc) return <ErrorView message={errorText(query.error)} />;
  const { booking, operator, documentation_details: details } = doc;
  const customerName = [booking.customer.title, booking.customer.first_name, booking.customer.last_name].filter(Boolean).join(' ');

  return (
    <article className="travel-document">
      <div className="doc-toolbar">
        <button type="button" className="button primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="doc-cover doc-block">
        <h1>{booking.tour.name}</h1>
        <p>Travel documents for {customerName}</p>
        <p className="doc-reference">Booking reference {booking.booking_reference}</p>
      </header>

      <Section id="doc-before" title="Before you travel" first>
        <h3>Passport</h3>
        <p>{NOTICES.passport}</p>
        <h3>Visa</h3>
        <p>{NOTICES.visa}</p>
        <h3>Insurance</h3>
        <p>{NOTICES.insurance}</p>
        <div className="doc-block">
          <h3>Local operator</h3>
          {operator ? (
            <>
              <p>
                <strong>{operator.name}</strong>
              </p>
              <Rich html={operator.contact} missing="Contact details follow with your final confirmation." />
            </>
          ) : (
            <p className="muted">Your local operator’s details follow with your final confirmation.</p>
          )}
        </div>
        <div className="doc-block">
          <h3>Arrival</h3>
          <Rich html={details.arrival} missing="Arrival details follow with your final confirmation." />
        </div>
      </Section>

      <Section id="doc-bikes" title="Your bikes">
        <Rich html={details.bike_details} missing="Bike handover details follow with your final confirmation." />
        {details.map && <img className="doc-map" src={details.map.url} alt={`Map of ${booking.tour.name}`} />}
      </Section>

      <Section id="doc-stay" title="Your stay">
        <h3>Hotels</h3>
        {doc.hotels.length === 0 && <p className="muted">Your hotels are listed in your final confirmation.</p>}
        {doc.hotels.map((hotel) => (
          <div key={hotel.name} className="doc-block">
            <h4>{hotel.name}</h4>
            <SafeHtml html={hotel.content} />
          </div>
        ))}
        <h3>Local taxes</h3>
        <p>{NOTICES.localTaxes}</p>
        <h3>Diets</h3>
        <Rich html={details.food} missing="Tell us about any dietary requirements and we will pass them on." />
        <h3>Electricity</h3>
        <p>{NOTICES.electricity}</p>
        <h3>Luggage</h3>
        <Rich html={details.luggage} missing="Your luggage is moved between hotels each day." />
        <div className="doc-block">
          <h3>Packing list</h3>
          <ul>
            {NOTICES.packing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="doc-dining" title="Dining and the road">
        <h3>Dining and restaurants</h3>
        {doc.restaurants.length === 0 && <p className="muted">Ask at your hotel for local recommendations.</p>}
        {doc.restaurants.map((restaurant) => (
          <div key={restaurant.name} className="doc-block">
            <h4>{restaurant.name}</h4>
            <SafeHtml html={restaurant.content} />
          </div>
        ))}
        <div className="doc-block">
          <h3>On the road</h3>
          <ul>
            {NOTICES.roadRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="doc-money" title="Money and tipping">
        {doc.destinations.length === 0 && <p className="muted">Currency details follow with your final confirmation.</p>}
        {doc.destinations.map((destination) => (
          <div key={destination.name} className="doc-block">
            <h3>{destination.name}</h3>
            <p>Currency: {destination.currency || '—'}</p>
            <SafeHtml html={destination.tipping} />
          </div>
        ))}
      </Section>

      <Section id="doc-help" title="Emergencies and weather">
        <p className="doc-emergency">In an emergency call {EMERGENCY_NUMBER}, free from any phone across Europe.</p>
        <h3>Weather</h3>
        <Rich html={doc.tour_meta.weather} missing="Check the local forecast before each day’s ride." />
      </Section>

      <Section id="doc-itinerary" title="Itinerary">
        {doc.itinerary.length === 0 && <p className="muted">Your day-by-day itinerary follows with your final confirmation.</p>}
        {doc.itinerary.map((day, index) => (
          <div key={`${index}-${day.title}`} className="doc-block">
            <h3>{day.title}</h3>
            <SafeHtml html={day.content} />
          </div>
        ))}
      </Section>
    </article>
  );
}
