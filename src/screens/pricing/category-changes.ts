import type { PricingCategory, SeasonPricing } from '../../domain/pricing/tour-pricing';
import type { SeasonSaveOutcome } from '../../domain/tours/season-data-save';

/**
 * Which price groups (categories) a season save created, changed and deleted, read from what the
 * server held before and answered after, so the toasts of SPEC.md section 8 name exactly the
 * categories whose stored fields or prices differ. A group sent again unchanged is not 'Updated'.
 */
export function categoryChanges(before: readonly PricingCategory[], after: readonly PricingCategory[]): SeasonSaveOutcome {
  const stored = new Map(before.map((category) => [category.id, storedText(category)]));
  const kept = new Set(after.map((category) => category.id));
  return {
    created_ids: after.filter((category) => !stored.has(category.id)).map((category) => category.id),
    updated_ids: after.filter((category) => stored.has(category.id) && stored.get(category.id) !== storedText(category)).map((category) => category.id),
    deleted_ids: before.filter((category) => !kept.has(category.id)).map((category) => category.id),
  };
}

/** A category as stored, prices in their order, money as numbers ('675.00' and 675 are one value). */
function storedText(category: PricingCategory): string {
  const { prices, ...fields } = category;
  return JSON.stringify([
    fields,
    prices.map((price) => ({
      ...price,
      gross: Number(price.gross),
      non_com: Number(price.non_com),
      adjustment: Number(price.adjustment),
      net: Number(price.net),
      cost: Number(price.cost),
    })),
  ]);
}

/** The season the server held before a save, for `categoryChanges`; empty when it was never read. */
export const categoriesOf = (pricing: SeasonPricing | undefined): PricingCategory[] => pricing?.categories ?? [];

/** SPEC.md section 8's toasts for a pricing save: one per category deleted, updated and created; 'Saved' when none changed. */
export function categoryToasts(changes: SeasonSaveOutcome): string[] {
  const texts = [
    ...changes.deleted_ids.map((id) => `Deleted category ${id}`),
    ...changes.updated_ids.map((id) => `Updated category ${id}`),
    ...changes.created_ids.map((id) => `Created category ${id}`),
  ];
  return texts.length > 0 ? texts : ['Saved'];
}
