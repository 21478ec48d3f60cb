import type { Kysely } from 'kysely';
import type { SeasonSaveOutcome } from '../../../domain/tours/season-data-save.js';
import type { Database } from '../../db/schema.js';
import { HttpError, type ErrorItem } from '../../http-errors.js';
import { evaluateForSave, saveMathsOf, type SaveMaths } from '../../pricing/evaluate-for-save.js';
import type { StoredPrice } from '../../pricing/keep-stored-cost.js';
import { loadPricingContext } from '../../pricing/load-pricing-context.js';
import type { PriceRowValues } from '../../../formulas/price-rows.js';
import type { ExtraInput as ExtraInputOf, ExtraWriter, VariationInput } from './extra-kinds.js';
import { variationPrices } from '../../db/repositories/tour-extras-repository.js';
import { ownedIds, replaceRows, type RowWrite } from '../../db/repositories/tour-season-rows-repository.js';
import { checkOwnership } from './check-ownership.js';
import { listChanges, recordChangeSet } from '../../pricing/price-history.js';
import { checkGuardrail } from '../../pricing/check-guardrail.js';

// Storing extras in the caller's transaction, after the caller has claimed the season's version.
// Each extra's variations are one grid: formulas are evaluated and net and cost computed with
// the supplement markup, for every extra, before any row is written, so a formula error refuses
// the whole save and changes nothing.

type ExtraInput = ExtraInputOf<VariationInput>;

/** Where an extra sits in the request: the path prefix of its fields ('' for a single extra's body, 'extras.2.'). */
type Placed<Input> = { extra: Omit<Input, 'id'>; id: number | undefined; path: string };

const seasonMaths = async (trx: Kysely<Database>, tourSeasonId: number): Promise<SaveMaths> => saveMathsOf(await loadPricingContext(trx, tourSeasonId));

/**
 * Every extra's variations priced (a variation sent again unchanged keeps its stored net and
 * cost), or one 400 naming every row whose formula fails or that cannot be priced.
 */
async function priceVariations<Input extends ExtraInput>(
  trx: Kysely<Database>,
  kind: ExtraWriter<Input>,
  placed: Placed<Input>[],
  maths: SaveMaths,
): Promise<PriceRowValues[][]> {
  const errors: ErrorItem[] = [];
  const storedByExtra: Map<number, StoredPrice>[] = [];
  for (const { id } of placed)
    storedByExtra.push(id === undefined ? new Map() : await variationPrices(trx, { table: kind.variationTable, column: kind.parentColumn, id }));
  const priced: PriceRowValues[][] = [];
  for (const [extraIndex, { extra, id, path }] of placed.entries()) {
    const locations = extra.variations.map((variation, index) => ({
      path: `${path}variations.${index}`,
      label: variation.id ? `variation ${variation.id}` : `new variation of extra ${id ?? `"${extra.name}"`}`,
    }));
    try {
      const stored = extra.variations.map((variation) => (variation.id === undefined ? undefined : storedByExtra[extraIndex].get(variation.id)));
      priced.push(await evaluateForSave(extra.variations, locations, maths, 'supplement', stored));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.push(...error.errors);
      priced.push([]);
    }
  }
  if (errors.length) throw new HttpError(400, errors);
  return priced;
}

async function checkVariationOwnership<Input extends ExtraInput>(trx: Kysely<Database>, kind: ExtraWriter<Input>, placed: Placed<Input>[]) {
  for (const { extra, id, path } of placed) {
    const existing = id === undefined ? new Set<number>() : await ownedIds(trx, { table: kind.variationTable, column: kind.parentColumn, id });
    checkOwnership(extra.variations, existing, [], 'Variation', (index) => `${path}variations.${index}`, id === undefined ? 'a new extra' : `extra ${id}`);
  }
}

async function writeVariations<Input extends ExtraInput>(
  trx: Kysely<Database>,
  kind: ExtraWriter<Input>,
  tourSeasonId: number,
  extraId: number,
  extra: Omit<Input, 'id'>,
  values: PriceRowValues[],
) {
  const owner = { table: kind.variationTable, column: kind.parentColumn, id: extraId };
  const stored = await variationPrices(trx, owner);
  const rows: RowWrite[] = extra.variations.map((variation, position) => {
    const value = values[position];
    return {
      id: variation.id,
      values: {
        ...kind.variationValues(variation),
        formula: variation.formula,
        gross: value.gross,
        non_com: variation.non_com,
        adjustment: variation.adjustment,
        markup_rate_id: variation.markup_rate_id,
        net: value.net,
        cost: value.cost,
        position,
      },
    };
  });
  const { ids } = await replaceRows(trx, owner, rows, new Set(stored.keys()));
  const written = rows.map((row, index) => ({ ...row.values, id: ids[index] }));
  await recordChangeSet(trx, kind.history.source, listChanges(tourSeasonId, kind.history.kind, stored, written));
}

/** Records the variations of extras about to be deleted (they go with their extra) as removed. */
export async function recordRemovedExtras<Input extends ExtraInput>(
  trx: Kysely<Database>,
  kind: ExtraWriter<Input>,
  tourSeasonId: number,
  extraIds: readonly number[],
) {
  for (const id of extraIds) {
    const stored = await variationPrices(trx, { table: kind.variationTable, column: kind.parentColumn, id });
    await recordChangeSet(trx, kind.history.source, listChanges(tourSeasonId, kind.history.kind, stored, []));
  }
}

/**
 * Stores one extra (new when `extraId` is undefined; the caller has checked it is the season's)
 * with its variations as sent; other extras of the season are left alone. Answers the extra's id.
 */
export async function saveExtra<Input extends ExtraInput>(
  trx: Kysely<Database>,
  kind: ExtraWriter<Input>,
  tourSeasonId: number,
  extra: Omit<Input, 'id'>,
  extraId: number | undefined,
): Promise<number> {
  const placed = [{ extra, id: extraId, path: '' }];
  await checkVariationOwnership(trx, kind, placed);
  const [values] = await priceVariations(trx, kind, placed, await seasonMaths(trx, tourSeasonId));
  const seasonOwner = { table: kind.table, column: 'tour_season_id' as const, id: tourSeasonId };
  const existing = extraId === undefined ? new Set<number>() : new Set([extraId]);
  const { ids } = await replaceRows(trx, seasonOwner, [{ id: extraId, values: kind.extraValues(extra) }], existing);
  await writeVariations(trx, kind, tourSeasonId, ids[0], extra, values);
  return ids[0];
}

/**
 * Makes the season's extras exactly those sent, in one go: extras not sent (and those queued in
 * `removedIds`) are deleted with their variations.
 */
export async function saveSeasonExtras<Input extends ExtraInput>(
  trx: Kysely<Database>,
  kind: ExtraWriter<Input>,
  tourSeasonId: number,
  extras: Input[],
  removedIds: number[],
  /** The count of variations under the model's margin guardrail the save confirmed (see check-guardrail.ts). */
  belowGuardrailConfirmed: number | undefined,
): Promise<SeasonSaveOutcome> {
  const seasonOwner = { table: kind.table, column: 'tour_season_id' as const, id: tourSeasonId };
  const existing = await ownedIds(trx, seasonOwner);
  checkOwnership(extras, existing, removedIds, 'Extra', (index) => `extras.${index}`);
  const placed = extras.map((extra, index) => ({ extra, id: extra.id, path: `extras.${index}.` }));
  await checkVariationOwnership(trx, kind, placed);
  const context = await loadPricingContext(trx, tourSeasonId);
  const values = await priceVariations(trx, kind, placed, saveMathsOf(context));
  const grids = extras.map((extra, index) => ({
    rows: extra.variations,
    values: values[index],
    label: (row: number) => `${extra.name || `extra ${index + 1}`} [${row}]`,
  }));
  const belowGuardrail = checkGuardrail(context, grids, belowGuardrailConfirmed);
  const kept = new Set(extras.flatMap((extra) => (extra.id === undefined ? [] : [extra.id])));
  await recordRemovedExtras(
    trx,
    kind,
    tourSeasonId,
    [...existing].filter((id) => !kept.has(id)),
  );
  const outcome = await replaceRows(
    trx,
    seasonOwner,
    extras.map((extra) => ({ id: extra.id, values: kind.extraValues(extra) })),
    existing,
  );
  for (const [index, extra] of extras.entries()) await writeVariations(trx, kind, tourSeasonId, outcome.ids[index], extra, values[index]);
  await recordChangeSet(trx, kind.history.source, [], { belowGuardrail });
  return { created_ids: outcome.created, updated_ids: outcome.updated, deleted_ids: outcome.deleted };
}
