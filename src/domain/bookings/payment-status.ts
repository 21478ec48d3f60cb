/** Statuses chosen when recording a payment (SPEC.md section 4); only completed counts as paid. */
export const PAYMENT_STATUSES = ['completed', 'pending', 'aborted'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { completed: 'Completed', pending: 'Pending', aborted: 'Aborted' };

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

// Badge styles exist for the recorded statuses and for the provider's own status names.
const TONES: Record<string, BadgeTone> = {
  completed: 'success',
  'payment-completed': 'success',
  pending: 'warning',
  'payment-pending': 'warning',
  aborted: 'neutral',
  'payment-aborted': 'neutral',
  'payment-cancelled': 'neutral',
  failed: 'danger',
  'payment-failed': 'danger',
};

export const paymentBadgeTone = (status: string): BadgeTone => TONES[status] ?? 'neutral';
export const isCountedAsPaid = (status: string): boolean => status === 'completed';
