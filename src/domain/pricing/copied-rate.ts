import type { SeasonRate } from './tour-pricing.js';

/**
 * A copied price row's commission rate in this season's model (Copy From another season): the
 * same rate when this model has it, else this model's rate with the same commission, else none
 * (the default rate), so a copy never points at another model's rate.
 */
export function rateInSeason(rateId: number | null, from: readonly SeasonRate[], to: readonly SeasonRate[]): number | null {
  if (rateId === null || to.some((rate) => rate.id === rateId)) return rateId;
  const source = from.find((rate) => rate.id === rateId);
  if (source === undefined) return null;
  return to.find((rate) => rate.commission === source.commission)?.id ?? null;
}
