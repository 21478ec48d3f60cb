import { z } from 'zod';
import { hasMoneyDecimals } from '../money-decimals.js';
import { id, paymentSchema, text } from './booking-schema.js';
import { PAYMENT_STATUSES } from './payment-status.js';

/** `POST payments/booking` (SPEC.md section 5: amount, booking and status required). */
export const paymentRecordSchema = z.object({
  // Negative is a refund; pounds and pence only, as DESIGN.md section 5 keeps money exact.
  amount: z
    .number({ error: 'Enter the amount as a number' })
    .finite('Enter the amount as a number')
    .min(-1_000_000, 'The amount must be between -£1,000,000 and £1,000,000')
    .max(1_000_000, 'The amount must be between -£1,000,000 and £1,000,000')
    .refine(hasMoneyDecimals, 'Amount must be in pounds and pence: at most 2 decimals')
    // A payment moves money: nothing (or -0) is no payment, and no refund either.
    .refine((amount) => amount !== 0, 'The amount cannot be zero: enter what was paid, or a refund as a negative amount'),
  // Staff type the number in the booking's address (the record form's words, and the server's).
  booking_id: z.number({ error: 'Choose the booking by its number' }).int('Choose the booking by its number').positive('Choose the booking by its number'),
  status: z.enum(PAYMENT_STATUSES, { error: 'Choose a status' }),
  tx_code: text(100).trim().optional().default(''),
  sagepay_reference: text(100).trim().optional().default(''),
  comment: text(2000).trim().optional().default(''),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export type PaymentRecordInput = z.input<typeof paymentRecordSchema>;

export const paymentListItemSchema = paymentSchema.extend({ booking_reference: z.string(), customer_name: z.string() });
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const paymentDetailSchema = paymentListItemSchema.extend({
  booking: z.object({ id, booking_reference: z.string(), tour_name: z.string(), status: z.string(), total_cost: z.number() }),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
