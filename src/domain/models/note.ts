import { z } from 'zod';

export const NOTE_MAX = 5_000;

/** `POST notes {note}`: the author is the logged-in user, never sent by the client. */
export const noteCreateSchema = z.object({
  note: z.string({ error: 'Write a note' }).trim().min(1, 'Write a note').max(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters`),
});

export type Note = { id: number; note: string; user_id: number | null; createdAt: string };
