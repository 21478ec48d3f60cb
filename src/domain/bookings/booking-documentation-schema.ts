import { z } from 'zod';
import { customerSchema } from './booking-schema.js';

const named = z.object({ name: z.string(), content: z.string() });

/** `GET bookings/{id}/documentation`: the payload of SPEC.md section 3; rich text is clean HTML. */
export const bookingDocumentationSchema = z.object({
  booking: z.object({ tour: z.object({ name: z.string() }), customer: customerSchema, booking_reference: z.string() }),
  operator: z.object({ name: z.string(), contact: z.string() }).nullable(),
  documentation_details: z.object({
    bike_details: z.string(),
    map_id: z.number().int().nullable(),
    map: z.object({ url: z.string() }).nullable(),
    arrival: z.string(),
    luggage: z.string(),
    food: z.string(),
  }),
  hotels: z.array(named),
  restaurants: z.array(named),
  destinations: z.array(z.object({ name: z.string(), currency: z.string(), tipping: z.string() })),
  tour_meta: z.object({ weather: z.string() }),
  itinerary: z.array(z.object({ title: z.string(), content: z.string() })),
});
export type BookingDocumentation = z.infer<typeof bookingDocumentationSchema>;
