import { z } from 'zod';
import { idSchema } from './form-values.js';

/** Delay after the last reorder before `PUT tours/re/orders` is sent (SPEC.md section 9). */
export const REORDER_SAVE_DELAY_MS = 200;

export const tourOrdersSchema = z.object({
  orders: z
    .array(z.object({ id: idSchema, order: z.int().min(0).max(1_000_000) }))
    .min(1, 'Send at least one order')
    .max(5000)
    .refine((orders) => new Set(orders.map((item) => item.id)).size === orders.length, 'Each tour may appear once'),
});
export type TourOrders = z.infer<typeof tourOrdersSchema>;
