import { z } from 'zod';

/**
 * A markup model's margin guardrail (issue 22): the least profit a priced row should make, as a
 * percentage of its cost and as pounds. Either may be unset (null). Rows under it are flagged in
 * the grid, listed before a save, and saved only when the save confirms their count.
 */
export type MarginGuardrail = { min_margin_percent: number | null; min_profit: number | null };

export const NO_GUARDRAIL: MarginGuardrail = { min_margin_percent: null, min_profit: null };

export const marginGuardrailFields = {
  min_margin_percent: z
    .number({ error: 'Minimum margin must be a percentage' })
    .finite()
    .min(0, 'Minimum margin must be 0% or more')
    .max(1000, 'Minimum margin must be at most 1,000%')
    .nullable()
    .default(null),
  min_profit: z
    .number({ error: 'Minimum profit must be an amount in pounds' })
    .finite()
    .min(0, 'Minimum profit must be £0 or more')
    .max(1_000_000, 'Minimum profit must be at most £1,000,000')
    .nullable()
    .default(null),
};

const pence = (pounds: number) => Math.round(pounds * 100);

/** Whether a priced row's profit is under the guardrail. Compared in pence and hundredths of a percent, so 10.00% meets 10%. */
export function belowGuardrail(cost: number, profit: number, guard: MarginGuardrail): boolean {
  if (guard.min_profit !== null && pence(profit) < pence(guard.min_profit)) return true;
  if (guard.min_margin_percent === null) return false;
  if (cost <= 0) return profit < 0;
  return Math.round((profit / cost) * 10_000) < Math.round(guard.min_margin_percent * 100);
}

/** 'Below the minimum margin (10% of cost, £25)': how the grid and the save name the guardrail. */
export function guardrailText(guard: MarginGuardrail): string {
  const parts = [
    guard.min_margin_percent === null ? null : `${guard.min_margin_percent}% of cost`,
    guard.min_profit === null ? null : `£${guard.min_profit}`,
  ].filter(Boolean);
  return `the minimum margin (${parts.join(', ')})`;
}

export const hasGuardrail = (guard: MarginGuardrail) => guard.min_margin_percent !== null || guard.min_profit !== null;

/** The guardrail of a season's model as the pricing context carries it (none without a model). */
export const guardrailOf = (model: Partial<MarginGuardrail> | null | undefined): MarginGuardrail => ({
  min_margin_percent: model?.min_margin_percent ?? null,
  min_profit: model?.min_profit ?? null,
});

/** A priced row's outcome as far as the guardrail reads it: rows in error or without a price are never under it. */
type Priced = { cost: number; profit: number; missing?: unknown } | { error: string };

/** Indexes of the rows under the guardrail. */
export function rowsBelowGuardrail(outcomes: readonly Priced[], guard: MarginGuardrail): number[] {
  if (!hasGuardrail(guard)) return [];
  return outcomes.flatMap((outcome, index) => ('error' in outcome || outcome.missing || !belowGuardrail(outcome.cost, outcome.profit, guard) ? [] : [index]));
}

/**
 * The confirmation a save under the guardrail asks for, naming the count and the rows ('[2], [5]'):
 * a row is its index in the grid, or a label naming it where a save has several grids ('Transfer [2]').
 */
export function belowGuardrailMessage(rows: readonly (number | string)[], guard: MarginGuardrail): string {
  const shown = rows
    .slice(0, 20)
    .map((row) => (typeof row === 'number' ? `[${row}]` : row))
    .join(', ');
  const more = rows.length > 20 ? ` and ${rows.length - 20} more` : '';
  return `${rows.length} price${rows.length === 1 ? '' : 's'} would be below ${guardrailText(guard)}: rows ${shown}${more}. Save them anyway?`;
}
