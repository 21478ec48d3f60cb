import type { Kysely } from 'kysely';
import { guardrailOf } from '../../../domain/models/margin-guardrail.js';
import { seasonYearsApart } from '../../../domain/pricing/season-years-apart.js';
import type { RolloverCandidate, RolloverRequest } from '../../../domain/rollover/rollover-request.js';
import {
  findRolloverModel,
  findRolloverSeason,
  listCurrencyRatesOfSeason,
  listDestinationNames,
  listRatesByModel,
  listRolloverCandidates,
  listHeldPrices,
  listRolloverSourceRows,
  tourSeasonsWithBookings,
  type RolloverCandidateRow,
} from '../../db/repositories/rollover-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { shareTheThread } from '../../thread-turns.js';
import { rollTourSeason, type RolledTourSeason, type RolloverRules, type SourceTourSeason } from './roll-tour-season.js';

// The one computation behind both the preview and the commit of a roll-over (issue 31): the
// request checked against the database, then the tours rolled a chunk at a time, each chunk read
// in a few bounded statements and each tour computed on its own, so the server's thread is never
// held for long and the commit can write each chunk as it comes.

/** Tour seasons per chunk: a few statements of some hundreds of rows each, about 50 ms of work (measured on the demo data). */
export const ROLLOVER_CHUNK = 5;

export type RolloverPlan = {
  label: string;
  rules: RolloverRules;
  targetSeasonId: number;
  /** Each currency's rate in the source season: what the rows' stored costs were priced at. */
  sourceCurrencies: ReadonlyMap<number, { name: string; rate: number | null }>;
  /** The tours to roll, in tour code order. */
  tours: RolloverCandidateRow[];
  /** Tours already in the target season, left as they are. */
  skipped: RolloverCandidateRow[];
  upliftOf: (tour: RolloverCandidateRow) => number;
  destinationOf: (tour: RolloverCandidateRow) => string;
};

const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${percent}%`;

/** "Roll over 2026 -> 2027, +4%, to 5": how the history names the set. */
export function rolloverLabel(request: RolloverRequest, source: string, target: string): string {
  const rounding =
    request.ending !== null ? `ending in ${request.ending}` : request.round_mode === 'up' ? `up to ${request.round_to}` : `to ${request.round_to}`;
  const uplifts = request.uplifts.length ? ` (${request.uplifts.length} other${request.uplifts.length === 1 ? '' : 's'})` : '';
  return `Roll over ${source} -> ${target}, ${signed(request.uplift_percent)}${uplifts}, ${rounding}`;
}

/** Checks the request against the database and works out the tours and rules; 400 naming the field for what is wrong. */
export async function planRollover(db: Kysely<Database>, request: RolloverRequest): Promise<RolloverPlan> {
  const source = await findRolloverSeason(db, request.source_season_id);
  if (!source) throw badRequest(`Season ${request.source_season_id} does not exist`, 'source_season_id');
  const target = await findRolloverSeason(db, request.target_season_id);
  if (!target) throw badRequest(`Season ${request.target_season_id} does not exist`, 'target_season_id');
  if (target.model_id === null) throw badRequest(`Season ${target.name} has no markup model: give it one before rolling prices into it`, 'target_season_id');
  const model = await findRolloverModel(db, target.model_id);
  if (!model) throw badRequest(`The markup model of season ${target.name} does not exist`, 'target_season_id');

  const candidates = await listRolloverCandidates(db, source.id, target.id, request.tour_ids);
  if (request.tour_ids) {
    const found = new Set(candidates.map((tour) => tour.tour_id));
    const missing = request.tour_ids.filter((tourId) => !found.has(tourId));
    if (missing.length)
      throw badRequest(
        `Tour${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ha${missing.length === 1 ? 's' : 've'} no tour season in ${source.name}`,
        'tour_ids',
      );
  }
  if (candidates.length === 0) throw badRequest(`No tour has a tour season in ${source.name}`, 'source_season_id');

  const destinations = await listDestinationNames(db);
  const byDestination = new Map(request.uplifts.flatMap((uplift) => ('destination_id' in uplift ? [[uplift.destination_id, uplift.percent]] : [])));
  const byCurrency = new Map(request.uplifts.flatMap((uplift) => ('currency_id' in uplift ? [[uplift.currency_id, uplift.percent]] : [])));
  for (const [index, uplift] of request.uplifts.entries()) {
    if ('destination_id' in uplift && !destinations.has(uplift.destination_id)) {
      throw badRequest(`Destination ${uplift.destination_id} does not exist`, `uplifts.${index}.destination_id`);
    }
  }
  const years = seasonYearsApart(source.name, target.name) || 1;
  return {
    label: rolloverLabel(request, source.name, target.name),
    targetSeasonId: target.id,
    sourceCurrencies: await listCurrencyRatesOfSeason(db, source.id),
    rules: {
      rounding: { step: request.round_to, mode: request.round_mode, ending: request.ending },
      shift: request.shift,
      years,
      parts: new Set(request.parts),
      target: { model_id: model.id, model_name: model.name, rates: model.rates, guardrail: guardrailOf(model) },
      currencies: await listCurrencyRatesOfSeason(db, target.id),
    },
    tours: request.replace_existing ? candidates : candidates.filter((tour) => tour.target_tour_season_id === null),
    skipped: request.replace_existing ? [] : candidates.filter((tour) => tour.target_tour_season_id !== null),
    upliftOf: (tour) => {
      const destination = tour.destination_ids.find((destinationId) => byDestination.has(destinationId));
      if (destination !== undefined) return byDestination.get(destination)!;
      if (tour.currency_id !== null && byCurrency.has(tour.currency_id)) return byCurrency.get(tour.currency_id)!;
      return request.uplift_percent;
    },
    destinationOf: (tour) => destinations.get(tour.destination_ids[0]) ?? 'No destination',
  };
}

/** A tour the screen can pick, as the candidates list answers it. */
export const candidateOf = (row: RolloverCandidateRow): RolloverCandidate => ({
  tour_id: row.tour_id,
  tour_code: row.tour_code,
  tour_name: row.tour_name,
  destination_ids: row.destination_ids,
  currency_id: row.currency_id,
  markup_model_id: row.markup_model_id,
  in_target: row.target_tour_season_id !== null,
});

/** The plan's tours rolled, one chunk of tour seasons at a time, with a pass of the event loop between chunks. */
export async function* rollChunks(db: Kysely<Database>, plan: RolloverPlan): AsyncGenerator<{ tours: RolloverCandidateRow[]; rolled: RolledTourSeason[] }> {
  for (let start = 0; start < plan.tours.length; start += ROLLOVER_CHUNK) {
    if (start > 0) await shareTheThread();
    const tours = plan.tours.slice(start, start + ROLLOVER_CHUNK);
    const rows = await listRolloverSourceRows(
      db,
      tours.map((tour) => tour.tour_season_id),
    );
    const modelIds = [...new Set(tours.flatMap((tour) => (tour.markup_model_id === null ? [] : [tour.markup_model_id])))];
    const rates = await listRatesByModel(db, modelIds);
    await shareTheThread();
    const replaced = tours.flatMap((tour) => (tour.target_tour_season_id === null ? [] : [tour.target_tour_season_id]));
    const held = await listHeldPrices(db, replaced);
    const booked = new Set(await tourSeasonsWithBookings(db, replaced));
    const replacesOf = (targetId: number | null) =>
      targetId === null ? null : { tour_season_id: targetId, ...(held.get(targetId) ?? { rows: 0, cost: 0 }), booked: booked.has(targetId) };
    const rolled = tours.map((tour) =>
      rollTourSeason({ ...sourceOf(tour, rows, rates, plan), replaces: replacesOf(tour.target_tour_season_id) }, plan.upliftOf(tour), plan.rules),
    );
    yield { tours, rolled };
  }
}

type SourceRows = Awaited<ReturnType<typeof listRolloverSourceRows>>;

function sourceOf(
  tour: RolloverCandidateRow,
  rows: SourceRows,
  rates: ReadonlyMap<number, SourceTourSeason['rates']>,
  plan: RolloverPlan,
): Omit<SourceTourSeason, 'replaces'> {
  const ofSeason = <Row extends { tour_season_id: number }>(list: readonly Row[]) => list.filter((row) => row.tour_season_id === tour.tour_season_id);
  return {
    tour_id: tour.tour_id,
    tour_code: tour.tour_code,
    tour_name: tour.tour_name,
    destination: plan.destinationOf(tour),
    tour_season_id: tour.tour_season_id,
    deposit: tour.deposit,
    currency_id: tour.currency_id,
    rates: tour.markup_model_id === null ? [] : (rates.get(tour.markup_model_id) ?? []),
    currency_rate: tour.currency_id === null ? null : (plan.sourceCurrencies.get(tour.currency_id)?.rate ?? null),
    routes: ofSeason(rows.routes),
    categories: ofSeason(rows.categories),
    prices: ofSeason(rows.prices),
    bikes: ofSeason(rows.bikes),
    specifications: ofSeason(rows.specifications),
    supplements: ofSeason(rows.partyExtras).map(({ id, tour_season_id: _season, ...extra }) => ({
      extra,
      variations: rows.partyVariations.filter((variation) => variation.extra_id === id).map(({ extra_id: _extra, ...variation }) => variation),
    })),
    extraNights: ofSeason(rows.roomExtras).map(({ id, tour_season_id: _season, ...extra }) => ({
      extra,
      variations: rows.roomVariations.filter((variation) => variation.extra_id === id).map(({ extra_id: _extra, ...variation }) => variation),
    })),
    reductions: ofSeason(rows.reductions).map(({ id: _id, tour_season_id: _season, ...reduction }) => reduction),
  };
}
