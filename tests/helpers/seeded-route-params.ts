import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RouteEntry } from '../../src/server/app.js';
import { fuzzTargetAccountId } from './fuzz-staff-accounts.js';
import { rollbackTarget } from './fuzz-rollback-target.js';
import { arbitraryFromSchema, toJsonSchema } from './schema-arbitrary.js';
import type { TestApp } from './test-app.js';

export type RouteParams = Record<string, string>;

export type ResolvedParams = {
  /** Path parameters naming real rows, per route URL pattern (only routes that have parameters). */
  byUrl: Map<string, RouteParams>;
  /** `URL :name` of parameters no real row was found for (they get 1). */
  unresolved: string[];
};

/** The names of a URL pattern's parameters, in order. */
export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);

/** A URL pattern with its parameters filled in (URL-encoded). */
export const fillUrl = (url: string, params: RouteParams) =>
  url.replace(/:([A-Za-z_]+)\??/g, (_whole, name: string) => encodeURIComponent(params[name] ?? '1'));

// Parameters that name no row: page numbers and search words.
const PLAIN_VALUES: Record<string, string> = { n: '1', page: '1', search: 'a', q: 'a' };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type Context = { tour_id: number; season_id: number; tour_season_id: number; category_id: number; model_id: number; currency_id: number };

/**
 * Finds, for every route with path parameters, values that name real rows of the seeded
 * database, and that belong together (a tour and a season it is sold in, a price group of that
 * tour season, the season's markup model). Rules rather than a list of routes, so routes added
 * later are covered: `:id`/`:ref` name a row of the table the segment before them names
 * (`/room-types/:ref` -> room_types), `:somethingId` a row of `somethings` (or a table ending in
 * it), preferring rows of the chosen tour season, tour or season. A table the seed left empty is
 * given a row through its own POST route. `onlyUrls` limits the work to those route patterns.
 */
export async function resolveSeededParams(t: TestApp, routes: RouteEntry[], onlyUrls?: string[]): Promise<ResolvedParams> {
  const context = await pickContext(t);
  const columns = await tableColumns(t);
  const contextIds: Record<string, number> = {
    tours: context.tour_id,
    seasons: context.season_id,
    tour_seasons: context.tour_season_id,
    tour_pricing_categories: context.category_id,
    markup_models: context.model_id,
    currencies: context.currency_id,
  };
  const named: Record<string, number> = {
    tourId: context.tour_id,
    seasonId: context.season_id,
    tourSeasonId: context.tour_season_id,
    categoryId: context.category_id,
    modelId: context.model_id,
    currencyId: context.currency_id,
  };

  const tableFor = (url: string, name: string): string | null => {
    // The words of the address before the parameter, nearest first: /tour-extras/:tourId/:seasonId/room/:extraId -> room, tour_extras.
    const words = url
      .split(`/:${name}`)[0]
      .split('/')
      .filter((segment) => segment && !segment.startsWith(':'))
      .map((segment) => segment.replaceAll('-', '_'))
      .reverse();
    if (name === 'id' || name === 'ref' || name === 'slug') return words.find((word) => columns.has(word)) ?? null;
    const base = snakeCase(name.replace(/Id$/, ''));
    const plurals = [`${base}s`, `${base}es`, base.replace(/y$/, 'ies'), base];
    const candidates = [...words.flatMap((word) => plurals.map((plural) => `${word}_${plural}`)), ...plurals];
    const tables = [...columns.keys()];
    for (const candidate of candidates) {
      const table = columns.has(candidate) ? candidate : tables.find((known) => known.endsWith(`_${candidate}`));
      if (table) return table;
    }
    return null;
  };

  const rowOf = async (table: string, wantsText: boolean): Promise<string | null> => {
    const has = columns.get(table)!;
    const key = wantsText && has.has('slug') ? 'slug' : 'id';
    if (!has.has(key)) return null;
    if (key === 'id' && contextIds[table]) return String(contextIds[table]);
    const owner = (['tour_season_id', 'tour_id', 'season_id'] as const).find((column) => has.has(column));
    const ownerId = owner === 'tour_season_id' ? context.tour_season_id : owner === 'tour_id' ? context.tour_id : context.season_id;
    const mine = owner
      ? await sql<{ v: unknown }>`SELECT ${sql.ref(key)} AS v FROM ${sql.table(table)} WHERE ${sql.ref(owner)} = ${ownerId} ORDER BY id LIMIT 1`.execute(t.db)
      : null;
    const any = mine?.rows[0] ?? (await sql<{ v: unknown }>`SELECT ${sql.ref(key)} AS v FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(t.db)).rows[0];
    return any ? String(any.v) : null;
  };

  const byUrl = new Map<string, RouteParams>();
  const unresolved: string[] = [];
  for (const route of routes) {
    const names = paramNames(route.url);
    if (!names.length || byUrl.has(route.url) || (onlyUrls && !onlyUrls.includes(route.url))) continue;
    const paramSchema = toJsonSchema(route.schema.params);
    const params: RouteParams = {};
    for (const name of names) {
      if (name in PLAIN_VALUES) {
        params[name] = PLAIN_VALUES[name];
        continue;
      }
      if (name === 'id' && route.url.includes('/staff/')) {
        params[name] = String(await fuzzTargetAccountId(t));
        continue;
      }
      if (named[name]) {
        params[name] = String(named[name]);
        continue;
      }
      if (name === 'changeSetId' && route.url.endsWith('/rollback')) {
        const target = await rollbackTarget(t, context.currency_id, context.season_id);
        if (target === null) unresolved.push(`${route.url} :${name}`);
        params[name] = String(target ?? 1);
        continue;
      }
      const table = tableFor(route.url, name);
      const wantsText = name === 'slug' || paramSchema?.properties?.[name]?.type === 'string';
      let value = table ? await rowOf(table, wantsText) : null;
      if (table && value === null && (await createThroughPost(t, routes, route.url, name))) value = await rowOf(table, wantsText);
      if (value === null) unresolved.push(`${route.url} :${name}`);
      params[name] = value ?? '1';
    }
    byUrl.set(route.url, params);
  }
  return { byUrl, unresolved };
}

async function pickContext(t: TestApp): Promise<Context> {
  const result = await sql<Context>`
    SELECT ts.id AS tour_season_id, ts.tour_id, ts.season_id, ts.currency_id, ts.markup_model_id AS model_id,
      (SELECT min(c.id) FROM tour_pricing_categories c WHERE c.tour_season_id = ts.id) AS category_id
    FROM tour_seasons ts
    JOIN markup_models m ON m.id = ts.markup_model_id AND m.season_id = ts.season_id
    WHERE ts.currency_id IS NOT NULL AND EXISTS (SELECT 1 FROM tour_pricing_categories c WHERE c.tour_season_id = ts.id)
    ORDER BY ts.id LIMIT 1`.execute(t.db);
  if (!result.rows[0]) throw new Error('The seeded database has no priced tour season with a markup model and a currency');
  return result.rows[0];
}

// The schema does not change while a test runs, and information_schema is slow to read (about
// 0.3 s on the embedded database): one read per test app.
const columnsOfApp = new WeakMap<TestApp, Promise<Map<string, Set<string>>>>();

function tableColumns(t: TestApp): Promise<Map<string, Set<string>>> {
  let columns = columnsOfApp.get(t);
  if (!columns) columnsOfApp.set(t, (columns = readTableColumns(t)));
  return columns;
}

async function readTableColumns(t: TestApp): Promise<Map<string, Set<string>>> {
  const result = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema()`.execute(t.db);
  const map = new Map<string, Set<string>>();
  for (const row of result.rows) map.set(row.table_name, (map.get(row.table_name) ?? new Set()).add(row.column_name));
  return map;
}

/** Gives an empty table a row by POSTing generated bodies to the collection route until one is accepted. */
async function createThroughPost(t: TestApp, routes: RouteEntry[], url: string, name: string): Promise<boolean> {
  const collection = url.split(`/:${name}`)[0];
  const post = routes.find((route) => route.method === 'POST' && route.url === collection && !paramNames(route.url).length);
  const schema = post && toJsonSchema(post.schema.body);
  if (!post || !schema) return false;
  const validator = post.schema.body as z.ZodType;
  const samples = fc.sample(arbitraryFromSchema(schema, { realIds: [1, 2, 3] }), { numRuns: 200, seed: 42 });
  for (const body of samples.filter((sample) => validator.safeParse(sample).success).slice(0, 40)) {
    const response = await t.app.inject({ method: 'POST', url: collection, headers: t.auth, payload: body as object });
    if (response.statusCode < 300) return true;
  }
  return false;
}
