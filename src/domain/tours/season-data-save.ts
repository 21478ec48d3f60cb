import { z } from 'zod';
import { id } from '../pricing/price-fields.js';
import { recordVersion, versionInQuery } from '../record-id.js';

// The seasonal tour data screens (supplements, extra nights, reductions, specifications) lock on
// the tour season's version, as the pricing and bikes tabs do: every write sends the version it
// read and gets the new one back; a stale version is refused with 409 and changes nothing.

export const seasonVersionSchema = recordVersion;

/** DELETE calls carry the version in the query: `?version=3`. */
export const versionQuerySchema = z.object({ version: versionInQuery });

/** Ids queued for removal by a season-wide save (they must belong to the season). */
export const removedIdsSchema = z.array(id).max(2000).default([]);

/** What a season-wide save did, so the screen can show one toast per created, updated or deleted row. */
export type SeasonSaveOutcome = { created_ids: number[]; updated_ids: number[]; deleted_ids: number[] };

/** Answer of a DELETE of one row. */
export type DeletedRow = { deleted: number; version: number };
