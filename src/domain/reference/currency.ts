import { z } from 'zod';
import { nameField, requiredVersionField, textField } from './reference-fields.js';

const RATE_MESSAGE = 'Rate must be a number above 0 (foreign units per pound)';

/** Foreign units per pound; prices divide by it, so it must be above zero. */
export const currencyRateField = z.number({ error: RATE_MESSAGE }).positive(RATE_MESSAGE).max(1_000_000, RATE_MESSAGE);

export const seasonRateSchema = z.object({
  season_id: z.number({ error: 'Season must be an id number' }).int().positive('Season must be an id number'),
  rate: currencyRateField,
});
export type SeasonRate = z.output<typeof seasonRateSchema>;

export const currencySchema = z.object({
  name: nameField(),
  symbol: textField('Symbol', 10),
  rate: currencyRateField.default(1),
  rates: z
    .array(seasonRateSchema, { error: 'Rates must be a list of season rates' })
    .max(1_000)
    .default([])
    .refine((rates) => new Set(rates.map((rate) => rate.season_id)).size === rates.length, 'Each season may have only one rate'),
});
export type Currency = z.output<typeof currencySchema> & { id: number; version: number };

/** Body of `POST currencies/{id}/{season_id}/preview`: the season rate to try, written nowhere. */
export const currencyRatePreviewBodySchema = z.object({ rate: currencyRateField });

/**
 * Body of `PUT currencies/{id}/{season_id}` (the bulk pricing page sets one season's rate), with
 * the currency's version as read: a season's rate is part of the currency, and bumps its version.
 */
export const currencySeasonRateBodySchema = currencyRatePreviewBodySchema.extend({ version: requiredVersionField });
