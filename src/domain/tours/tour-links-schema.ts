import { z } from 'zod';

/** A hotel or restaurant linked to a tour (`GET tours/{id}/hotels`, `/restaurants`). */
export const tourLinkedContentSchema = z.object({ id: z.number(), name: z.string(), content: z.string() });
export type TourLinkedContent = z.infer<typeof tourLinkedContentSchema>;
