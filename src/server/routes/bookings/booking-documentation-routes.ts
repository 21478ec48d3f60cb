import type { Kysely } from 'kysely';
import type { BookingDocumentation } from '../../../domain/bookings/booking-documentation-schema.js';
import { customerSchema } from '../../../domain/bookings/booking-schema.js';
import { MEDIA_FILES_PATH } from '../../../domain/media/media-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import {
  findDocumentationBooking,
  findDocumentationDetails,
  findDocumentationTour,
  findMediaFileName,
  findOperatorContact,
  findTourWeather,
  listDocumentationDestinations,
  listDocumentationItinerary,
  listStays,
} from '../../db/repositories/booking-documentation-repository.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { sanitizeStoredRichText } from '../../sanitize-rich-text.js';
import { bookingsEndpoints } from '../../../domain/contract/bookings.js';
import { registerEndpoint } from '../register-endpoint.js';

// Rich text is cleaned on save, but legacy imports and older rows may predate that: the
// document goes to customers, so it is cleaned again on the way out. A field the save rules
// would refuse (nested too deep) is shown as its text, so the rest of the document still prints.
const clean = (html: string | null | undefined) => sanitizeStoredRichText(html ?? '');

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : []);

/** The map image's address in the media library. */
async function mapUrl(db: Kysely<Database>, mapId: number | null): Promise<{ url: string } | null> {
  if (mapId === null) return null;
  const media = await findMediaFileName(db, mapId);
  return media ? { url: `${MEDIA_FILES_PATH}/${media.file_name}` } : null;
}

async function loadDocumentation(db: Kysely<Database>, bookingId: number): Promise<BookingDocumentation> {
  const booking = await findDocumentationBooking(db, bookingId);
  if (!booking) throw notFound('Booking');
  const tour = booking.tour_id === null ? undefined : await findDocumentationTour(db, booking.tour_id);
  const tourId = tour?.id ?? -1;
  const [operator, details, hotels, restaurants, destinations, weather, itinerary] = await Promise.all([
    tour?.operator_id ? findOperatorContact(db, tour.operator_id) : undefined,
    findDocumentationDetails(db, tourId),
    listStays(db, 'hotels', idsOf(tour?.hotels)),
    listStays(db, 'restaurants', idsOf(tour?.restaurants)),
    listDocumentationDestinations(db, idsOf(tour?.destinations)),
    findTourWeather(db, tourId),
    listDocumentationItinerary(db, tourId),
  ]);
  // The tour's order of hotels and restaurants is the order of the stay.
  const inOrder = <T extends { id: number }>(rows: T[], ids: number[]) => ids.flatMap((id) => rows.filter((row) => row.id === id));
  // Days written for the travel documents replace the public itinerary when a tour has them.
  const documentationDays = itinerary.filter((day) => day.type === 'documentation');
  return {
    booking: {
      tour: { name: tour?.name ?? booking.tour_name },
      customer: customerSchema.parse(booking.customer ?? {}),
      booking_reference: booking.booking_reference,
    },
    operator: operator ? { name: operator.name, contact: clean(operator.contact) } : null,
    documentation_details: {
      bike_details: clean(details?.bike_details),
      map_id: details?.map_id ?? null,
      map: await mapUrl(db, details?.map_id ?? null),
      arrival: clean(details?.arrival),
      luggage: clean(details?.luggage),
      food: clean(details?.food),
    },
    hotels: inOrder(hotels, idsOf(tour?.hotels)).map((hotel) => ({ name: hotel.name, content: clean(hotel.content) })),
    restaurants: inOrder(restaurants, idsOf(tour?.restaurants)).map((restaurant) => ({ name: restaurant.name, content: clean(restaurant.content) })),
    destinations: destinations.map((destination) => ({ name: destination.name, currency: destination.currency, tipping: clean(destination.tipping) })),
    tour_meta: { weather: clean(weather?.value) },
    itinerary: (documentationDays.length ? documentationDays : itinerary).map((day) => ({ title: day.title, content: clean(day.content) })),
  };
}

/** `GET bookings/{id}/documentation`: what the customer's travel document prints. */
export function registerBookingDocumentationRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, bookingsEndpoints.documentation, async (request) => loadDocumentation(db, request.params.id), { serialize: true });
}
