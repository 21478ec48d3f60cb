import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { BookingDocumentationScreen } from '../screens/bookings/booking-documentation-screen.js';
import { BookingEditScreen } from '../screens/bookings/booking-edit-screen.js';
import { BookingListScreen } from '../screens/bookings/booking-list-screen.js';
import { BookingOverviewScreen } from '../screens/bookings/booking-overview-screen.js';
import { BookingSnapshotsScreen } from '../screens/bookings/booking-snapshots-screen.js';
import { EnquiryDetailScreen } from '../screens/enquiries/enquiry-detail-screen.js';
import { EnquiryListScreen } from '../screens/enquiries/enquiry-list-screen.js';
import { MediaScreen } from '../screens/media/media-screen.js';
import { PaymentDetailScreen } from '../screens/payments/payment-detail-screen.js';
import { PaymentListScreen } from '../screens/payments/payment-list-screen.js';
import { PaymentRecordScreen } from '../screens/payments/payment-record-screen.js';
import { LoginScreen } from '../screens/auth/login-screen.js';
import { contentRoutes } from '../screens/content/content-routes.js';
import { GlobalIndexScreen } from '../screens/global/global-index-screen.js';
import { bulkPricingRoute, modelRoutes } from '../screens/models/model-routes.js';
import { PRICING_TAB_ROUTES } from '../screens/pricing/pricing-routes.js';
import { referenceRoutes } from '../screens/reference/reference-routes.js';
import { TOUR_EXTRAS_TAB_ROUTES } from '../screens/tour-extras/tour-extras-routes.js';
import { TourCreateScreen } from '../screens/tours/tour-create-screen.js';
import { TourDetailsScreen } from '../screens/tours/tour-details-screen.js';
import { TourDocumentationScreen } from '../screens/tours/tour-documentation-screen.js';
import { TourItineraryScreen } from '../screens/tours/tour-itinerary-screen.js';
import { TourLayout } from '../screens/tours/tour-layout.js';
import { TourListScreen } from '../screens/tours/tour-list-screen.js';
import { TourOverviewScreen } from '../screens/tours/tour-overview-screen.js';
import { AppLayout } from './layout/app-layout.js';
import { RequireLogin } from './layout/require-login.js';
import { NotFoundScreen } from './layout/not-found-screen.js';

const loggedIn: RouteObject[] = [
  { path: '/', element: <BookingListScreen /> },
  { path: '/bookings', element: <BookingListScreen /> },
  { path: '/bookings/:id', element: <BookingOverviewScreen /> },
  { path: '/bookings/edit/:id', element: <BookingEditScreen /> },
  { path: '/bookings/snapshot/:id', element: <BookingSnapshotsScreen /> },
  bulkPricingRoute,
  ...referenceRoutes,
  { path: '/tours', element: <TourListScreen /> },
  { path: '/tours/create', element: <TourCreateScreen /> },
  // The tour layout (name, sub-navigation, season picker) around every tab of one tour.
  {
    path: '/tours/:id',
    element: <TourLayout />,
    children: [
      { index: true, element: <TourOverviewScreen /> },
      { path: 'details', element: <TourDetailsScreen /> },
      { path: 'itineraries', element: <TourItineraryScreen /> },
      { path: 'documentation', element: <TourDocumentationScreen /> },
      { path: 'seasons', element: PRICING_TAB_ROUTES.seasons },
      { path: 'bikes', element: PRICING_TAB_ROUTES.bikes },
      { path: 'routes', element: PRICING_TAB_ROUTES.routes },
      { path: 'pricing', element: PRICING_TAB_ROUTES.pricing },
      { path: 'party-extras', element: TOUR_EXTRAS_TAB_ROUTES['party-extras'] },
      { path: 'room-extras', element: TOUR_EXTRAS_TAB_ROUTES['room-extras'] },
      { path: 'reductions', element: TOUR_EXTRAS_TAB_ROUTES.reductions },
      { path: 'specifications', element: TOUR_EXTRAS_TAB_ROUTES.specifications },
      { path: 'data-export', element: PRICING_TAB_ROUTES['data-export'] },
    ],
  },
  ...modelRoutes,
  ...contentRoutes,
  { path: '/payments', element: <PaymentListScreen /> },
  { path: '/payments/create', element: <PaymentRecordScreen /> },
  { path: '/payments/:id', element: <PaymentDetailScreen /> },
  { path: '/enquiries', element: <EnquiryListScreen /> },
  { path: '/enquiries/:id', element: <EnquiryDetailScreen /> },
  { path: '/media', element: <MediaScreen /> },
  { path: '/global', element: <GlobalIndexScreen /> },
  { path: '*', element: <NotFoundScreen /> },
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  // The customer documentation opens in its own tab without the app chrome (it is printed).
  { element: <RequireLogin />, children: [{ path: '/bookings/:id/documentation', element: <BookingDocumentationScreen /> }, { element: <AppLayout />, children: loggedIn }] },
];

export const createAppRouter = () => createBrowserRouter(routes);
