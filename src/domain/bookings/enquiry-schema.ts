import { z } from 'zod';
import { id } from './booking-schema.js';

export const enquirySchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  destinations: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
  tours: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Enquiry = z.infer<typeof enquirySchema>;
