import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Endpoint } from '../../../domain/contract/endpoint.js';
import type { versionQuerySchema } from '../../../domain/tours/season-data-save.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { bumpSeasonVersion } from '../../pricing/bump-season-version.js';
import { findTourSeasonId, loadPricingContext } from '../../pricing/load-pricing-context.js';
import { registerEndpoint } from '../register-endpoint.js';
import { ownedIds, replaceRows, type ColumnValues, type OwnedTable } from '../../db/repositories/tour-season-rows-repository.js';
import { checkOwnership } from './check-ownership.js';
import { CACHEABLE } from '../../read-cache.js';
import type { PriceChangeSource, PriceRowKind } from '../../../domain/pricing/price-history.js';
import { listChanges, recordChangeSet } from '../../pricing/price-history.js';

// The type provider cannot work out a body type from a schema whose type is a type parameter;
// the schema has validated the body, so it is read as the schema's output.
const validated = <Body>(request: { body: unknown }) => request.body as Body;

type On<Params> = Endpoint & { params: z.ZodType<Params, unknown> };
type SeasonAddress = { tourId: number; seasonId: number };
type RowAddress = SeasonAddress & { id: number };

/** A list's contract entries (domain/contract/tour-extras.ts), as far as these routes read them. */
export type SeasonRowEndpoints = {
  list: On<SeasonAddress>;
  saveSeason: On<SeasonAddress>;
  add: On<SeasonAddress>;
  save: On<RowAddress>;
  remove: On<RowAddress> & { query: typeof versionQuerySchema };
};

/** A list of plain rows of a tour season (reductions, specifications) and how its calls read and write them. */
export type SeasonRowsSpec<Fields, Stored extends { id: number }> = {
  endpoints: SeasonRowEndpoints;
  table: Extract<OwnedTable, 'tour_reductions' | 'tour_specifications'>;
  /** 'reductions': the list's key in answers and in the season-wide save. */
  listKey: string;
  /** 'reduction': one row's key in answers. */
  rowKey: string;
  /** 'Reduction', in messages. */
  name: string;
  /** The row's columns (not id or season) from a request's fields; rich text is cleaned here. */
  values: (fields: Fields) => ColumnValues;
  /** The season's rows in display order; one row when `rowId` is given. */
  load: (db: Kysely<Database>, tourSeasonId: number, rowId?: number) => Promise<Stored[]>;
  /** For rows the price history follows (reductions): how it names their saves and rows. */
  history?: { source: PriceChangeSource; kind: PriceRowKind };
};

/**
 * SPEC.md section 7 for a season's plain rows: GET and POST on the season, PUT and DELETE of one
 * row; plus PUT of the whole list with queued removals in one transaction, which the staged
 * screens save with. Every write claims the season's version (409 when stale).
 */
export function registerSeasonRowRoutes<Fields, Stored extends { id: number }>(app: Api, { db }: AppContext, spec: SeasonRowsSpec<Fields, Stored>) {
  const seasonOf = (params: { tourId: number; seasonId: number }) => findTourSeasonId(db, params.tourId, params.seasonId);
  const owner = (tourSeasonId: number) => ({ table: spec.table, column: 'tour_season_id' as const, id: tourSeasonId });
  const loadOne = async (database: Kysely<Database>, tourSeasonId: number, rowId: number): Promise<Stored> => {
    const [row] = await spec.load(database, tourSeasonId, rowId);
    if (!row) throw notFound(`${spec.name} ${rowId} of this season`);
    return row;
  };
  /**
   * Runs a write of the season's rows in `trx` and, for rows the price history follows, records
   * what it changed (the season's rows before and after) in the same transaction.
   */
  const recorded = async <T>(trx: Kysely<Database>, tourSeasonId: number, write: () => Promise<T>): Promise<T> => {
    const { history } = spec;
    if (!history) return write();
    const rowsOf = async () => (await spec.load(trx, tourSeasonId)) as (Stored & Record<string, unknown>)[];
    const stored = new Map((await rowsOf()).map((row) => [row.id, row]));
    const result = await write();
    await recordChangeSet(trx, history.source, listChanges(tourSeasonId, history.kind, stored, await rowsOf()));
    return result;
  };
  const list = async (tourSeasonId: number) => ({ tour_season: await loadPricingContext(db, tourSeasonId), [spec.listKey]: await spec.load(db, tourSeasonId) });

  registerEndpoint(app, spec.endpoints.list, async (request) => list(await seasonOf(request.params)), { config: CACHEABLE });

  registerEndpoint(app, spec.endpoints.saveSeason, async (request) => {
    const tourSeasonId = await seasonOf(request.params);
    const body = validated<{ version: number; removed_ids: number[] } & Record<string, (Fields & { id?: number })[]>>(request);
    const { version, removed_ids } = body;
    const rows = body[spec.listKey];
    const outcome = await db.transaction().execute(async (trx) => {
      await bumpSeasonVersion(trx, tourSeasonId, version);
      const existing = await ownedIds(trx, owner(tourSeasonId));
      checkOwnership(rows, existing, removed_ids, spec.name, (index) => `${spec.listKey}.${index}`);
      return recorded(trx, tourSeasonId, () =>
        replaceRows(
          trx,
          owner(tourSeasonId),
          rows.map((row) => ({ id: row.id, values: spec.values(row) })),
          existing,
        ),
      );
    });
    return { ...(await list(tourSeasonId)), created_ids: outcome.created, updated_ids: outcome.updated, deleted_ids: outcome.deleted };
  });

  registerEndpoint(app, spec.endpoints.add, async (request, reply) => {
    const tourSeasonId = await seasonOf(request.params);
    const saved = await db.transaction().execute(async (trx) => {
      const body = validated<Fields & { version: number }>(request);
      const version = await bumpSeasonVersion(trx, tourSeasonId, body.version);
      const { ids } = await recorded(trx, tourSeasonId, () => replaceRows(trx, owner(tourSeasonId), [{ values: spec.values(body) }], new Set()));
      return { version, rowId: ids[0] };
    });
    reply.status(201);
    return { [spec.rowKey]: await loadOne(db, tourSeasonId, saved.rowId), version: saved.version };
  });

  registerEndpoint(app, spec.endpoints.save, async (request) => {
    const rowId = request.params.id;
    const tourSeasonId = await seasonOf(request.params);
    const version = await db.transaction().execute(async (trx) => {
      const body = validated<Fields & { version: number }>(request);
      await loadOne(trx, tourSeasonId, rowId);
      const bumped = await bumpSeasonVersion(trx, tourSeasonId, body.version);
      await recorded(trx, tourSeasonId, () => replaceRows(trx, owner(tourSeasonId), [{ id: rowId, values: spec.values(body) }], new Set([rowId])));
      return bumped;
    });
    return { [spec.rowKey]: await loadOne(db, tourSeasonId, rowId), version };
  });

  registerEndpoint(app, spec.endpoints.remove, async (request) => {
    const rowId = request.params.id;
    const tourSeasonId = await seasonOf(request.params);
    const version = await db.transaction().execute(async (trx) => {
      await loadOne(trx, tourSeasonId, rowId);
      const bumped = await bumpSeasonVersion(trx, tourSeasonId, request.query.version);
      await recorded(trx, tourSeasonId, () => replaceRows(trx, owner(tourSeasonId), [], new Set([rowId])));
      return bumped;
    });
    return { deleted: rowId, version };
  });
}
