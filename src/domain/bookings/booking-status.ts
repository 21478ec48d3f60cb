/** Booking statuses of SPEC.md section 4 with the labels staff see; staff may set any of them. */
export const BOOKING_STATUSES = [
  ['pending', 'Pending payment'],
  ['on-hold', 'On hold'],
  ['deposit-paid', 'Deposit paid'],
  ['payment-started', 'Awaiting balance'],
  ['payment-completed', 'Paid in full'],
  ['not-requested', 'Payment completed'],
  ['awaiting-supplier', 'Awaiting supplier'],
  ['send-conf-inv', 'Send confirmation and invoice'],
  ['ticketed', 'Ticketed'],
  ['supplier-cancelled', 'Supplier cancelled'],
  ['cancelled', 'Customer Cancelled'],
  ['sent-to-feefo', 'Sent to Feefo'],
  ['prepared', 'Prepared'],
  ['checked', 'Checked'],
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number][0];
export const BOOKING_STATUS_VALUES = BOOKING_STATUSES.map(([value]) => value) as [BookingStatus, ...BookingStatus[]];

const LABELS = new Map<string, string>(BOOKING_STATUSES);

/** The label of a status; an unknown legacy value is shown as stored rather than hidden. */
export const bookingStatusLabel = (status: string): string => LABELS.get(status) ?? status;

/** SPEC.md section 4: one screen (the payment detail) shows a status with its 'payment-' prefix stripped. */
export const stripPaymentPrefix = (status: string): string => status.replace(/^payment-/, '');
