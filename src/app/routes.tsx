import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../screens/auth/login-screen.js';
import { contentRoutes } from '../screens/content/content-routes.js';
import { bulkPricingRoute } from '../screens/bulk-pricing/bulk-pricing-routes.js';
import { modelRoutes } from '../screens/models/model-routes.js';
import { PRICING_TAB_ROUTES } from '../screens/pricing/pricing-routes.js';
import { referenceRoutes } from '../screens/reference/reference-routes.js';
import { TOUR_EXTRAS_TAB_ROUTES } from '../screens/tour-extras/tour-extras-routes.js';
import { AppLayout } from './layout/app-layout.js';
import { CHOOSE_PASSWORD_PATH, RequireLogin } from './layout/require-login.js';
import { NotFoundScreen } from './layout/not-found-screen.js';
import { lazyScreen, loadScreensBeforeShowing } from '../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const BookingDocumentationScreen = lazyScreen(() =>
  import('../screens/bookings/booking-documentation-screen.js').then((module) => module.BookingDocumentationScreen),
);
const BookingEditScreen = lazyScreen(() => import('../screens/bookings/booking-edit-screen.js').then((module) => module.BookingEditScreen));
const BookingListScreen = lazyScreen(() => import('../screens/bookings/booking-list-screen.js').then((module) => module.BookingListScreen));
const BookingOverviewScreen = lazyScreen(() => import('../screens/bookings/booking-overview-screen.js').then((module) => module.BookingOverviewScreen));
const BookingSnapshotsScreen = lazyScreen(() => import('../screens/bookings/booking-snapshots-screen.js').then((module) => module.BookingSnapshotsScreen));
const EnquiryDetailScreen = lazyScreen(() => import('../screens/enquiries/enquiry-detail-screen.js').then((module) => module.EnquiryDetailScreen));
const EnquiryListScreen = lazyScreen(() => import('../screens/enquiries/enquiry-list-screen.js').then((module) => module.EnquiryListScreen));
const MediaScreen = lazyScreen(() => import('../screens/media/media-screen.js').then((module) => module.MediaScreen));
const PaymentDetailScreen = lazyScreen(() => import('../screens/payments/payment-detail-screen.js').then((module) => module.PaymentDetailScreen));
const PaymentListScreen = lazyScreen(() => import('../screens/payments/payment-list-screen.js').then((module) => module.PaymentListScreen));
const PaymentRecordScreen = lazyScreen(() => import('../screens/payments/payment-record-screen.js').then((module) => module.PaymentRecordScreen));
const ChoosePasswordScreen = lazyScreen(() => import('../screens/auth/choose-password-screen.js').then((module) => module.ChoosePasswordScreen));
const StaffScreen = lazyScreen(() => import('../screens/global/staff-screen.js').then((module) => module.StaffScreen));
const RolloverScreen = lazyScreen(() => import('../screens/global/rollover-screen.js').then((module) => module.RolloverScreen));
const GlobalIndexScreen = lazyScreen(() => import('../screens/global/global-index-screen.js').then((module) => module.GlobalIndexScreen));
const TourCreateScreen = lazyScreen(() => import('../screens/tours/tour-create-screen.js').then((module) => module.TourCreateScreen));
const TourDetailsScreen = lazyScreen(() => import('../screens/tours/tour-details-screen.js').then((module) => module.TourDetailsScreen));
const TourDocumentationScreen = lazyScreen(() => import('../screens/tours/tour-documentation-screen.js').then((module) => module.TourDocumentationScreen));
const TourItineraryScreen = lazyScreen(() => import('../screens/tours/tour-itinerary-screen.js').then((module) => module.TourItineraryScreen));
const TourLayout = lazyScreen(() => import('../screens/tours/tour-layout.js').then((module) => module.TourLayout));
const TourListScreen = lazyScreen(() => import('../screens/tours/tour-list-screen.js').then((module) => module.TourListScreen));
const TourOverviewScreen = lazyScreen(() => import('../screens/tours/tour-overview-screen.js').then((module) => module.TourOverviewScreen));

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
  { path: '/rollover', element: <RolloverScreen /> },
  { path: '/staff', element: <StaffScreen /> },
  { path: '*', element: <NotFoundScreen /> },
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  // The customer documentation opens in its own tab without the app chrome (it is printed).
  {
    element: <RequireLogin />,
    children: [
      { path: '/bookings/:id/documentation', element: <BookingDocumentationScreen /> },
      { path: CHOOSE_PASSWORD_PATH, element: <ChoosePasswordScreen /> },
      { element: <AppLayout />, children: loggedIn },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(loadScreensBeforeShowing(routes));
