import { z } from 'zod';
import { nameField, wholeNumberField } from './reference-fields.js';

/** SPEC.md sections 5 and 9: a room sleeps 0-10 (0 for a child sharing), in whole numbers. */
export const ROOM_SLEEPS_MIN = 0;
export const ROOM_SLEEPS_MAX = 10;

export const roomTypeSchema = z.object({
  name: nameField(),
  sleeps: wholeNumberField('Sleeps', ROOM_SLEEPS_MIN, ROOM_SLEEPS_MAX),
});
export type RoomType = z.output<typeof roomTypeSchema> & { id: number; version: number };
