import { z } from 'zod';

/** `GET reviews`: customer reviews (read-only here; site options feature some of them). */
export const reviewSchema = z.object({ id: z.number(), author: z.string(), rating: z.number(), date: z.string().nullable() });
export type Review = z.infer<typeof reviewSchema>;
