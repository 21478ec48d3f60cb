import type { Insertable, Kysely } from 'kysely';
import type { PriceChange, PriceRowKind } from '../../../domain/pricing/price-history.js';
import type { RolloverCommitResult, RolloverRequest } from '../../../domain/rollover/rollover-request.js';
import { insertChangeSet, setRollover } from '../../db/repositories/price-history-repository.js';
import {
  insertBikeRows,
  insertCategoryRows,
  insertPartyExtraRows,
  insertPartyVariationRows,
  insertReductionRows,
  insertRolledPrices,
  insertRoomExtraRows,
  insertRoomVariationRows,
  insertRouteRows,
  insertSpecificationRows,
  insertTourSeasons,
  deleteSeasonRows,
  findSeasonFields,
  setSeasonFields,
  snapshotSeasonRows,
  type RolledSeasonFields,
  type RolloverCandidateRow,
  type SeasonRowsSnapshot,
} from '../../db/repositories/rollover-repository.js';
import type { Database } from '../../db/schema.js';
import { actingUserId } from '../../auth/acting-user.js';
import { badRequest, HttpError } from '../../http-errors.js';
import { kindSnapshotOf, openChangeSetId, priceChange, recordChangeSet } from '../price-history.js';
import { planRollover, rollChunks, type RolloverPlan } from './plan-rollover.js';
import { shareTheThread } from '../../thread-turns.js';
import type { RolledTourSeason } from './roll-tour-season.js';

type Created = { tour_id: number; tour_season_id: number; version: number };
type Replaced = Created & { fields: RolledSeasonFields; tables: SeasonRowsSnapshot };

/** The history's kind of the rows of a table a replaced season held (groups, routes, extras and specifications are no price rows). */
const KIND_OF_TABLE: Record<string, PriceRowKind> = {
  tour_prices: 'price',
  tour_bikes: 'bike',
  tour_party_extra_variations: 'party_extra_variation',
  tour_room_extra_variations: 'room_extra_variation',
  tour_reductions: 'reduction',
};

/**
 * The chunk's tour seasons already in the target season, emptied for their rolled rows: what each
 * held kept for the rollback (its fields and every row, ids included), then its rows removed and
 * its model and currency set as the rolled prices were computed with. Answers them, and their
 * removed price rows as changes for the history.
 */
async function clearReplaced(trx: Kysely<Database>, plan: RolloverPlan, tours: readonly RolloverCandidateRow[]) {
  const replaced: Replaced[] = [];
  const removed: PriceChange[] = [];
  for (const tour of tours) {
    const id = tour.target_tour_season_id;
    if (id === null) continue;
    const fields = await findSeasonFields(trx, id);
    const tables = await snapshotSeasonRows(trx, id);
    await deleteSeasonRows(trx, id);
    const version = await setSeasonFields(trx, id, { ...fields, markup_model_id: plan.rules.target.model_id, currency_id: tour.currency_id });
    replaced.push({ tour_id: tour.tour_id, tour_season_id: id, version, fields, tables });
    for (const { table, rows } of tables) {
      const kind = KIND_OF_TABLE[table];
      if (kind === undefined) continue;
      for (const row of rows) {
        const change = priceChange(id, kind, row.id as number, kindSnapshotOf(kind, row), null);
        if (change) removed.push(change);
      }
    }
  }
  return { replaced, removed };
}

/**
 * Prices a statement writes at most (groups: a fifth of it), about 40 ms each on the embedded
 * database, whose foreign-key checks run per row: one tour season may hold 2,000 (the large demo
 * data's widest), so a tour is written in slices, not one statement.
 */
const WRITE_ROWS = 200;

/** Writes the rows a slice a statement, with a pass of the event loop before each; answers the new ids in order. */
async function inSlices<Row>(rows: readonly Row[], size: number, write: (slice: Row[]) => Promise<number[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    await shareTheThread();
    ids.push(...(await write(rows.slice(start, start + size))));
  }
  return ids;
}

type WrittenVariation = { tourSeasonId: number; kind: Extract<PriceRowKind, `${string}_extra_variation`>; id: number; row: Record<string, unknown> };

/** Writes the chunk's supplements and extra nights with their variations; answers each variation written, for the history. */
async function writeExtras(trx: Kysely<Database>, rolled: readonly RolledTourSeason[], seasons: readonly { id: number }[]): Promise<WrittenVariation[]> {
  const party = rolled.flatMap((tour, index) => tour.writes.supplements.map((write, order) => ({ write, order, tourSeasonId: seasons[index].id })));
  const partyIds = await inSlices(party, WRITE_ROWS, (slice) =>
    insertPartyExtraRows(
      trx,
      slice.map(({ write, order, tourSeasonId }) => ({ ...write.extra, tour_season_id: tourSeasonId, order })),
    ),
  );
  const partyVariations = party.flatMap(({ write, tourSeasonId }, index) =>
    write.variations.map((variation, position) => ({ tourSeasonId, row: { ...variation, tour_party_extra_id: partyIds[index], position } })),
  );
  const partyVariationIds = await inSlices(partyVariations, WRITE_ROWS, (slice) =>
    insertPartyVariationRows(
      trx,
      slice.map((variation) => variation.row),
    ),
  );
  const room = rolled.flatMap((tour, index) => tour.writes.extraNights.map((write) => ({ write, tourSeasonId: seasons[index].id })));
  const roomIds = await inSlices(room, WRITE_ROWS, (slice) =>
    insertRoomExtraRows(
      trx,
      slice.map(({ write, tourSeasonId }) => ({ ...write.extra, tour_season_id: tourSeasonId })),
    ),
  );
  const roomVariations = room.flatMap(({ write, tourSeasonId }, index) =>
    write.variations.map((variation, position) => ({
      tourSeasonId,
      row: {
        ...variation,
        specific_dates: JSON.stringify(variation.specific_dates),
        restricted_dates: JSON.stringify(variation.restricted_dates),
        restricted_days: JSON.stringify(variation.restricted_days),
        tour_room_extra_id: roomIds[index],
        position,
      },
    })),
  );
  const roomVariationIds = await inSlices(roomVariations, WRITE_ROWS, (slice) =>
    insertRoomVariationRows(
      trx,
      slice.map((variation) => variation.row),
    ),
  );
  return [
    ...partyVariations.map(({ tourSeasonId, row }, index) => ({ tourSeasonId, kind: 'party_extra_variation' as const, id: partyVariationIds[index], row })),
    ...roomVariations.map(({ tourSeasonId, row }, index) => ({ tourSeasonId, kind: 'room_extra_variation' as const, id: roomVariationIds[index], row })),
  ];
}

/** Listed at most in a refusal; the preview lists them all. */
const LISTED_PROBLEMS = 50;

/**
 * `POST rollovers`, inside the caller's transaction: the same tours and rows the preview shows,
 * written a chunk at a time (a few statements per chunk of tour seasons), as new tour seasons that
 * are not live, recorded as one 'rollover' change set by the caller. Refused with 400, nothing
 * written, when any tour has a problem (a commission without a rate in the target model, no
 * exchange rate, a formula in error), listing them.
 */
export async function commitRollover(trx: Kysely<Database>, request: RolloverRequest): Promise<RolloverCommitResult> {
  const plan = await planRollover(trx, request);
  if (plan.tours.length === 0) throw badRequest('Every chosen tour already has a tour season in the target season: there is nothing to roll over.', 'tour_ids');
  const problems: string[] = [];
  const created: Created[] = [];
  const replaced: Replaced[] = [];
  let rows = 0;
  for await (const chunk of rollChunks(trx, plan)) {
    problems.push(...chunk.rolled.flatMap((rolled) => rolled.preview.problems));
    // Once refused, the rest is only read to list every problem; the transaction undoes the writes.
    if (problems.length) continue;
    await shareTheThread();
    const written = await writeChunk(trx, plan, chunk.tours, chunk.rolled);
    created.push(...written.created);
    replaced.push(...written.replaced);
    rows += written.rows;
  }
  if (problems.length) {
    const listed = problems.slice(0, LISTED_PROBLEMS).map((msg) => ({ msg, path: 'tour_ids' }));
    if (problems.length > LISTED_PROBLEMS) listed.push({ msg: `and ${problems.length - LISTED_PROBLEMS} more problems: see the preview`, path: 'tour_ids' });
    throw new HttpError(400, [{ msg: 'Nothing was rolled over: fix these rows first (the preview lists them).', path: 'tour_ids' }, ...listed]);
  }
  // A roll-over of tours without a single price still gets its set: its rollback removes the tour seasons.
  const setId =
    openChangeSetId(trx) ?? (await insertChangeSet(trx, { user_id: actingUserId(), source: 'rollover', row_count: 0, cost_change: 0, below_guardrail: 0 }));
  await setRollover(trx, setId, { label: plan.label, created, replaced, rolled_back: null });
  return {
    change_set_id: setId,
    label: plan.label,
    tour_seasons: [...created, ...replaced].map(({ tour_id, tour_season_id }) => ({ tour_id, tour_season_id })),
    rows,
  };
}

/** Writes one chunk's tour seasons with their routes, groups, prices, bikes and specifications, and records their rows in the change set. */
async function writeChunk(
  trx: Kysely<Database>,
  plan: RolloverPlan,
  tours: readonly RolloverCandidateRow[],
  rolled: readonly RolledTourSeason[],
): Promise<{ created: Created[]; replaced: Replaced[]; rows: number }> {
  const inserted = await insertTourSeasons(
    trx,
    tours
      .filter((tour) => tour.target_tour_season_id === null)
      .map((tour) => ({
        tour_id: tour.tour_id,
        season_id: plan.targetSeasonId,
        deposit: tour.deposit,
        markup_model_id: plan.rules.target.model_id,
        currency_id: tour.currency_id,
        live: false,
      })),
  );
  const { replaced, removed } = await clearReplaced(trx, plan, tours);
  let nextInserted = 0;
  const seasons = tours.map((tour) =>
    tour.target_tour_season_id === null
      ? inserted[nextInserted++]
      : { id: tour.target_tour_season_id, version: replaced.find((season) => season.tour_season_id === tour.target_tour_season_id)!.version },
  );
  const routeIds = await insertRouteRows(
    trx,
    rolled.flatMap((tour, index) => tour.writes.routes.map((route) => ({ tour_season_id: seasons[index].id, name: route.name }))),
  );
  const routeMap = new Map(rolled.flatMap((tour) => tour.writes.routes).map((route, index) => [route.id, routeIds[index]]));
  const categoryRows = rolled.flatMap((tour, index) =>
    tour.writes.categories.map((category, position) => ({
      tour_season_id: seasons[index].id,
      start: category.start,
      end: category.end,
      date_ranges: JSON.stringify(category.date_ranges),
      nights: category.nights,
      guided: category.guided,
      boat_id: category.boat_id,
      tour_route_id: category.tour_route_id === null ? null : (routeMap.get(category.tour_route_id) ?? null),
      specific_dates: JSON.stringify(category.specific_dates),
      restricted_dates: JSON.stringify(category.restricted_dates),
      restricted_days: JSON.stringify(category.restricted_days),
      position,
    })),
  );
  const categoryIds = await inSlices(categoryRows, WRITE_ROWS / 5, (slice) => insertCategoryRows(trx, slice));
  // Each tour's groups took the next ids in order: its first group's place in categoryIds.
  const firstCategory: number[] = [];
  let offset = 0;
  for (const tour of rolled) {
    firstCategory.push(offset);
    offset += tour.writes.categories.length;
  }

  const priceRows = rolled.flatMap((tour, index) => {
    const positions = new Map<number, number>();
    return tour.writes.prices.map(({ category_index, ...price }) => {
      const position = positions.get(category_index) ?? 0;
      positions.set(category_index, position + 1);
      return { ...price, tour_season_id: seasons[index].id, tour_pricing_category_id: categoryIds[firstCategory[index] + category_index], position };
    });
  });
  const priceIds = await inSlices(priceRows, WRITE_ROWS, (slice) => insertRolledPrices(trx, slice));
  const bikeRows = rolled.flatMap((tour, index) => tour.writes.bikes.map((bike, order) => ({ ...bike, tour_season_id: seasons[index].id, order })));
  const bikeIds = await insertBikeRows(trx, bikeRows);
  await insertSpecificationRows(
    trx,
    rolled.flatMap((tour, index) => tour.writes.specifications.map((specification) => ({ ...specification, tour_season_id: seasons[index].id }))),
  );

  const extras = await writeExtras(trx, rolled, seasons);
  const reductionRows = rolled.flatMap((tour, index) =>
    tour.writes.reductions.map((reduction) => ({ ...reduction, tour_season_id: seasons[index].id }) as Insertable<Database['tour_reductions']>),
  );
  const reductionIds = await inSlices(reductionRows, WRITE_ROWS, (slice) => insertReductionRows(trx, slice));

  const added = (tourSeasonId: number, kind: PriceRowKind, id: number, row: Record<string, unknown>) =>
    priceChange(tourSeasonId, kind, id, null, kindSnapshotOf(kind, row));
  const changes: PriceChange[] = [
    ...removed,
    ...priceRows.map((row, index) => added(row.tour_season_id, 'price', priceIds[index], row)),
    ...bikeRows.map((row, index) => added(row.tour_season_id, 'bike', bikeIds[index], row)),
    ...extras.map((row) => added(row.tourSeasonId, row.kind, row.id, row.row)),
    ...reductionRows.map((row, index) => added(row.tour_season_id, 'reduction', reductionIds[index], row)),
  ].filter((change): change is PriceChange => change !== null);
  const belowGuardrail = rolled.reduce((count, tour) => count + tour.preview.below_guardrail, 0);
  for (let start = 0; start < Math.max(1, changes.length); start += WRITE_ROWS) {
    await shareTheThread();
    await recordChangeSet(trx, 'rollover', changes.slice(start, start + WRITE_ROWS), { belowGuardrail: start === 0 ? belowGuardrail : 0 });
  }
  return {
    created: tours.flatMap((tour, index) =>
      tour.target_tour_season_id === null ? [{ tour_id: tour.tour_id, tour_season_id: seasons[index].id, version: seasons[index].version }] : [],
    ),
    replaced,
    rows: changes.length,
  };
}
