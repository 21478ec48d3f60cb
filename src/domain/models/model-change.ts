import type { MarkupRate } from '../price-maths.js';
import type { MarkupRateInput, StoredMarkupRate } from './markup-model.js';

/** SPEC.md section 8's error for a removed rate that prices use and nothing can take over. */
export const strandedRatesMessage = (rateIds: readonly number[]) =>
  `Prices still use these rates and the model has no rate with their commission or a 0% rate to move them to: ${rateIds.join(',')}`;

export const foreignRatesMessage = (rateIds: readonly number[]) => `These rates are not rates of this model: ${rateIds.join(',')}`;

export type ModelChangePlan<T extends MarkupRateInput> = {
  /** Rate ids the proposal names that the model does not have (the proposal is refused). */
  foreign: number[];
  removed: StoredMarkupRate[];
  /** Rates that stay or are added, as proposed. */
  kept: T[];
  /** Removed rate id -> the kept rate its rows move to. */
  moves: Map<number, T>;
  /** Removed rates that rows use and that have nowhere to go (the proposal is refused). */
  stranded: number[];
  /** What the price maths uses for every stored rate of the model if the change were saved. */
  rateOverrides: Map<number, Omit<MarkupRate, 'id'>>;
};

const values = ({ commission, markup, supplement_markup }: MarkupRateInput) => ({ commission, markup, supplement_markup });

/**
 * What a proposed model save does, worked out the same way by the server (preview and save) and
 * by the bulk pricing page's in-browser preview. Rows of a removed rate move as the legacy system
 * moved them: to the kept rate with the same commission, else the model's 0% rate. A removed rate
 * prices like the rate its rows move to, so overriding it with that rate's values gives the
 * preview the very numbers the save will store.
 */
export function planModelChange<T extends MarkupRateInput>(
  storedRates: readonly StoredMarkupRate[],
  proposedRates: readonly T[],
  removedRatesIds: readonly number[],
  ratesInUse: ReadonlySet<number>,
): ModelChangePlan<T> {
  const storedIds = new Set(storedRates.map((rate) => rate.id));
  const named = [...proposedRates.flatMap((rate) => (rate.id === undefined ? [] : [rate.id])), ...removedRatesIds];
  const foreign = [...new Set(named.filter((id) => !storedIds.has(id)))];
  const removedIds = new Set(removedRatesIds);
  const removed = storedRates.filter((rate) => removedIds.has(rate.id));
  const kept = proposedRates.filter((rate) => rate.id === undefined || !removedIds.has(rate.id));
  const moves = new Map<number, T>();
  const stranded: number[] = [];
  const zero = kept.find((rate) => rate.commission === 0);
  for (const rate of removed) {
    const target = kept.find((candidate) => candidate.commission === rate.commission) ?? zero;
    if (target) moves.set(rate.id, target);
    else if (ratesInUse.has(rate.id)) stranded.push(rate.id);
  }
  const rateOverrides = new Map<number, Omit<MarkupRate, 'id'>>();
  for (const rate of kept) if (rate.id !== undefined) rateOverrides.set(rate.id, values(rate));
  for (const [from, to] of moves) rateOverrides.set(from, values(to));
  return { foreign, removed, kept, moves, stranded, rateOverrides };
}
