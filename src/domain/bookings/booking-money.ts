import type { BookingTotals, TotalField } from './booking-schema.js';
import { isCountedAsPaid } from './payment-status.js';
import { formatPounds } from '../format-money.js';

/** Whole pence, so sums of many amounts never drift in binary floating point. */
const pence = (pounds: number): number => Math.round(pounds * 100);
const pounds = (whole: number): number => whole / 100;

/** A negative payment is a refund (SPEC.md has no separate record for one). */
export const isRefund = (payment: { amount: number }): boolean => pence(payment.amount) < 0;

/** Why a refund cannot be recorded on a booking with `paid` so far, or null when it can: the total paid never goes below zero. */
export function refundRefusal(paid: number, amount: number): string | null {
  if (pence(amount) >= 0 || pence(paid) + pence(amount) >= 0) return null;
  return `A refund of ${formatPounds(-amount)} is more than the ${formatPounds(paid)} paid on this booking`;
}

export const sumMoney = (amounts: readonly number[]): number => pounds(amounts.reduce((total, amount) => total + pence(amount), 0));

// Shown in pounds by the one money formatter.
export { formatPounds };

export const TOTAL_LABELS: Record<TotalField, string> = {
  total_rooms: 'Rooms',
  total_bikes: 'Bikes',
  total_room_extras: 'Extra nights',
  total_party_extras: 'Supplements',
  total_reductions: 'Reductions',
  total_offers: 'Offers',
  total_charges: 'Charges',
  total_cost: 'Total cost',
  total_deposit: 'Deposit',
  total_at_booking: 'Total at booking',
};

/** The cost the parts add up to: reductions and offers come off, charges go on. */
export function totalFromParts(totals: Omit<BookingTotals, 'total_cost' | 'total_deposit' | 'total_at_booking'>): number {
  return pounds(
    pence(totals.total_rooms) +
      pence(totals.total_bikes) +
      pence(totals.total_room_extras) +
      pence(totals.total_party_extras) -
      pence(totals.total_reductions) -
      pence(totals.total_offers) +
      pence(totals.total_charges),
  );
}

/** Paid so far: completed payments only (SPEC.md section 4). */
export const paidSoFar = (payments: readonly { status: string; amount: number }[]): number =>
  sumMoney(payments.filter((payment) => isCountedAsPaid(payment.status)).map((payment) => payment.amount));

/** Refunded so far: completed negative payments, as a negative amount (0 when none); paid so far already counts them. */
export const refundedSoFar = (payments: readonly { status: string; amount: number }[]): number => paidSoFar(payments.filter(isRefund));

export const balanceOf = (totalCost: number, payments: readonly { status: string; amount: number }[]): number =>
  pounds(pence(totalCost) - pence(paidSoFar(payments)));

/** SPEC.md section 9: the arrival date minus the tour's balance_due days, as YYYY-MM-DD. */
export function balanceDueDate(arrival: string | null, balanceDueDays: number | null | undefined): string | null {
  if (!arrival || !/^\d{4}-\d{2}-\d{2}$/.test(arrival)) return null;
  const [year, month, day] = arrival.split('-').map(Number);
  // UTC arithmetic: a local-time date would shift by a day across a clock change.
  const due = new Date(Date.UTC(year, month - 1, day - (balanceDueDays ?? 0)));
  return due.toISOString().slice(0, 10);
}
