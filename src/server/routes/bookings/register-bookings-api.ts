import type { Api, AppContext } from '../../api-types.js';
import { registerBookingDocumentationRoutes } from './booking-documentation-routes.js';
import { registerBookingListRoutes } from './booking-list-routes.js';
import { registerBookingRoutes } from './booking-routes.js';
import { registerEnquiryRoutes } from './enquiry-routes.js';
import { registerPaymentRoutes } from './payment-routes.js';

/** Every call of SPEC.md section 7, Bookings, payments, enquiries. */
export function registerBookingsApi(app: Api, context: AppContext) {
  registerBookingListRoutes(app, context);
  registerBookingRoutes(app, context);
  registerBookingDocumentationRoutes(app, context);
  registerPaymentRoutes(app, context);
  registerEnquiryRoutes(app, context);
}
