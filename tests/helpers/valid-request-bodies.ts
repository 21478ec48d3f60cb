import { POSTGRES_INTEGER_MAX } from '../../src/domain/record-id.js';
import fc from 'fast-check';
import type { z } from 'zod';
import { API_PREFIX, type RouteEntry } from '../../src/server/app.js';
import { arbitraryFromSchema, toJsonSchema, type JsonSchema } from './schema-arbitrary.js';
import type { TestApp } from './test-app.js';

/**
 * What a request carries: JSON, nothing, or a multipart form described as JSON (text fields and
 * file names; every file is the same small image), so a form can be mutated like any JSON body.
 */
export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'none' } | { kind: 'form'; value: unknown };

/** How to make, from the database as it is now, a body one route accepts. */
export type BodyRecipe = { source: string; build: (url: string) => Promise<RequestBody | null> };

/** A body made by hand for one route, when the generic way cannot work (see route-body-builders.ts). */
export type BodyBuilder = (context: BuilderContext) => Promise<RequestBody | null>;

export type BuilderContext = {
  t: TestApp;
  url: string;
  /** The answer of a GET of this address (relative to the API or absolute), undefined unless 200. */
  read: (address: string) => Promise<unknown>;
  /** A value made unique for this run, so records that must be unique can be created again and again. */
  unique: (text: string, maxLength?: number) => string;
};

/** One request sent while looking for a valid body. */
export type Attempt = { source: string; status: number; answer: string };

/**
 * `recipe` is the one proven with a 2xx; `fallbacks` are the route's other recipes, for when an
 * accepted request has removed what the proven one reads (a season's last party extra).
 */
export type Discovery = { route: string; recipe: BodyRecipe | null; fallbacks: BodyRecipe[]; attempts: Attempt[] };

/** Sends a body to a route and answers the status; the fuzz test checks every such request like its own. */
export type Send = (body: RequestBody) => Promise<{ status: number; answer: string }>;

type Path = (string | number)[];
/**
 * A place in a GET answer to make bodies from. `locate` names the address to read for the route's
 * address as it is at the time, since the rows the parameters name may change during a run.
 */
type Candidate = { label: string; locate: (url: string) => Promise<string | null>; pointer: Path; score: number };

const MAX_TRIES = 8;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node === null || typeof node !== 'object' ? undefined : (node as Record<string | number, unknown>)[key]), value);

let uniqueCounter = 0;

/**
 * Makes a text unique for the run: a suffix, or the tail replaced when the field is short. Used on
 * the text fields of a create, whose names, slugs and addresses must often be free.
 */
export function uniqueText(text: string, maxLength = 10_000): string {
  uniqueCounter += 1;
  const tag = `-f${uniqueCounter.toString(36)}`;
  if (tag.length >= maxLength) return text;
  return `${text.slice(0, Math.max(0, maxLength - tag.length))}${tag}`;
}

/**
 * Finds, for every POST and PUT route, a body the route really accepts, and a recipe that makes
 * such a body again from whatever the database holds at the time (a write moves versions, so a
 * body cannot be kept). Generic first: the GET answer of the route's address or of an address
 * above it (a list's first record read in full), fitted to the route's schema: keys it does not
 * know dropped, required ones filled (a `version` from what was read, a list from a list of the
 * same rows), then repaired where the schema still objects, and on a create the texts made
 * unique. Then bodies generated from the schema. A named builder replaces all that for a route
 * whose body cannot be derived (a login, an upload). A recipe counts only once the route has
 * answered 2xx to it.
 */
export class ValidRequestBodies {
  private readonly discoveries = new Map<string, Promise<Discovery>>();

  constructor(
    private readonly t: TestApp,
    private readonly options: {
      builders: Record<string, BodyBuilder>;
      /** Ids of seeded rows, which generated integers favour. */
      realIds: () => number[];
      /** A route pattern filled with seeded rows (`/tours/:id` -> `/tours/12`). */
      fill: (pattern: string) => Promise<string>;
      /** Runs each making of a body, which may write (a builder that makes the rows it names); as is when not given. */
      prepare?: <T>(make: () => Promise<T>) => Promise<T>;
    },
  ) {}

  /** A body made by the recipe, through the `prepare` option. */
  private make(recipe: BodyRecipe, url: string): Promise<RequestBody | null> {
    return this.options.prepare ? this.options.prepare(() => recipe.build(url)) : recipe.build(url);
  }

  /** The route's recipe, found (and proved with a 2xx) at the first call for that route. */
  discover(route: RouteEntry, url: string, send: Send): Promise<Discovery> {
    const key = routeKey(route);
    let found = this.discoveries.get(key);
    if (!found) {
      found = this.find(route, url, send);
      this.discoveries.set(key, found);
    }
    return found;
  }

  /**
   * A body made now by the route's proven recipe or, when that cannot make one now, by the first
   * of its other recipes that can; null when the route has no proven recipe or none can.
   */
  async build(route: RouteEntry, url: string): Promise<RequestBody | null> {
    const discovery = await this.discoveries.get(routeKey(route));
    if (!discovery?.recipe) return null;
    for (const recipe of [discovery.recipe, ...discovery.fallbacks]) {
      const body = await this.make(recipe, url);
      if (body) return body;
    }
    return null;
  }

  private async find(route: RouteEntry, url: string, send: Send): Promise<Discovery> {
    const attempts: Attempt[] = [];
    const recipes = await this.recipes(route, url);
    const fallbacksOf = (proven: BodyRecipe) => recipes.filter((recipe) => recipe !== proven);
    for (const recipe of recipes) {
      if (attempts.length >= MAX_TRIES) break;
      const body = await this.make(recipe, url);
      if (!body) continue;
      const { status, answer } = await send(body);
      attempts.push({ source: recipe.source, status, answer: answer.slice(0, 300) });
      if (status >= 200 && status < 300) return { route: routeKey(route), recipe, fallbacks: fallbacksOf(recipe), attempts };
    }
    return { route: routeKey(route), recipe: null, fallbacks: [], attempts };
  }

  private async recipes(route: RouteEntry, url: string): Promise<BodyRecipe[]> {
    const builder = this.options.builders[routeKey(route)];
    if (builder) return [{ source: 'builder', build: (address) => builder(this.context(address)) }];
    const validator = route.schema.body as z.ZodType | undefined;
    const schema = toJsonSchema(validator);
    if (!validator || !schema || !('safeParse' in validator)) return [{ source: 'no body', build: async () => ({ kind: 'none' }) }];
    const fitter = new SchemaFitter(schema, validator, this.options.realIds());
    const create = route.method === 'POST';
    // A create's parts are new: tried first without the ids of the rows read (`POST` on a list), then with them (a preview).
    const fromReads = (await this.candidates(route, url, schema)).flatMap((candidate) =>
      (create ? [true, false] : [false]).map((withoutIds): BodyRecipe => {
        /** The last record read at the candidate's place. */
        let lastRead: unknown;
        return {
          source: `read ${candidate.label}${candidate.pointer.length ? ` at ${candidate.pointer.join('.')}` : ''}${withoutIds ? ', ids left out' : ''}`,
          build: async (current) => {
            const named = namedRecord(route, current);
            const address = await candidate.locate(current);
            const answer = address === null ? undefined : await this.readRecord(address, named);
            const pointer = pointAtRecord(answer, candidate.pointer, named);
            lastRead = withoutKey(at(answer, pointer), 'version') ?? lastRead;
            // A list read empty (its rows removed by an accepted request): the last record read there stands in, as a
            // person types a row like the ones before (a price row needs a gross, which generated fields lack), else the
            // fields are generated; the version is read now either way.
            const read = at(answer, pointer) ?? (answer !== undefined && pointer.length ? (lastRead ?? {}) : undefined);
            const value = fitter.fit(withoutIds ? withoutKey(read, 'id') : read, answer, pointer);
            if (value === undefined) return null;
            return { kind: 'json', value: create ? fitter.uniquify(value) : value };
          },
        };
      }),
    );
    const samples = fc
      .sample(arbitraryFromSchema(schema, { realIds: this.options.realIds() }), { numRuns: 60, seed: 7 })
      .filter((sample) => validator.safeParse(sample).success);
    const fromSchema = samples.slice(0, 3).map((sample, index): BodyRecipe => ({
      source: `schema sample ${index + 1}`,
      build: async () => ({ kind: 'json', value: create ? fitter.uniquify(sample) : sample }),
    }));
    return [...fromReads, ...fromSchema];
  }

  /** The places in GET answers, at, above and under the route's address, that look most like the body. */
  private async candidates(route: RouteEntry, url: string, schema: JsonSchema): Promise<Candidate[]> {
    const pattern = route.url;
    const found: Candidate[] = [];
    const add = async (label: string, locate: Candidate['locate']) => {
      const address = await locate(url);
      const answer = address === null ? undefined : await this.read(address);
      if (answer !== undefined)
        for (const pointer of placesOf(answer)) found.push({ label, locate, pointer, score: overlap(schema, at(answer, pointer), schema) });
      return answer;
    };
    for (const [index, address] of addressesAbove(pattern).entries()) {
      const label = index === 0 ? 'of the same address' : address.slice(API_PREFIX.length);
      const here = async (current: string) => addressesAbove(current)[index] ?? null;
      const answer = await add(label, here);
      // A list's records are often summaries: read one in full too, the one the address names when the list holds it.
      if (recordKey(answer, null) === null) continue;
      await add(`${label}/(first record)`, async (current) => {
        const list = await here(current);
        const key = list === null ? null : recordKey(await this.read(list), namedRecord(route, current));
        return key === null ? null : `${list}/${key}`;
      });
    }
    // A create's collection may have no list at its address (`POST tours`, `GET tours/all`): read one
    // record under it, found again when it has gone. Under the address itself, not one like it: a
    // record of another tour's season would carry that season's version, which this one's create
    // would refuse once the two had moved apart.
    const below = this.t.app.routeTable.filter((read) => read.method === 'GET' && new RegExp(`^${escapeRegExp(pattern)}/:[A-Za-z_]+$`).test(read.url));
    for (const read of below) {
      let address: string | null = null;
      await add(read.url.slice(API_PREFIX.length), async (current) => {
        const under = (candidate: string | null) => candidate !== null && candidate.startsWith(`${current}/`);
        if (!under(address) || (await this.read(address!)) === undefined) address = await this.options.fill(read.url);
        return under(address) ? address : null;
      });
    }
    return found.sort((a, b) => b.score - a.score || a.pointer.length - b.pointer.length).slice(0, MAX_TRIES);
  }

  /**
   * The answer of a GET of `address`. When that is the address of the record the route's address
   * names (`GET pages/4` for `PUT pages/4/blocks`) but it answers another record (`pages/{slug}`
   * takes a number as an id only when no page has it as its slug, and a generated slug is often
   * "4"), the record is read by its own slug, found in the list above it: a body made from the
   * other record would carry that one's version, refused as stale. Undefined when it cannot be.
   */
  private async readRecord(address: string, named: Named | null): Promise<unknown> {
    const answer = await this.read(address);
    const path = address.split('?')[0];
    const ownAddress = named !== null && path.endsWith(`/${encodeURIComponent(named.value)}`);
    if (!ownAddress || !isObject(answer) || !('id' in answer) || isNamed(answer, named)) return answer;
    const list = path.slice(0, path.lastIndexOf('/'));
    const listed = listItems(await this.read(list)).find((item) => isNamed(item, named));
    if (typeof listed?.slug !== 'string') return undefined;
    const bySlug = await this.read(`${list}/${encodeURIComponent(listed.slug)}`);
    return isNamed(bySlug, named) ? bySlug : undefined;
  }

  private read = async (address: string): Promise<unknown> => {
    const url = address.startsWith(API_PREFIX) ? address : `${API_PREFIX}/${address.replace(/^\//, '')}`;
    const response = await this.t.app.inject({ method: 'GET', url, headers: this.t.auth });
    if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('json')) return undefined;
    return response.json();
  };

  private context(url: string): BuilderContext {
    return { t: this.t, url, read: this.read, unique: uniqueText };
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url.slice(API_PREFIX.length)}`;

/** The records of a list answer, bare or paged (`{ results }`). */
const listItems = (answer: unknown): Record<string, unknown>[] =>
  (Array.isArray(answer) ? answer : isObject(answer) && Array.isArray(answer.results) ? answer.results : []).filter(isObject);

/**
 * What names a list's record in an address (its id or slug): the one `named` names when the list
 * holds it, else the first; null when the value is no such list.
 */
function recordKey(answer: unknown, named: Named | null): string | null {
  const items = listItems(answer);
  const record = (named && items.find((item) => isNamed(item, named))) ?? items[0];
  if (!record) return null;
  if (typeof record.id === 'number') return String(record.id);
  return typeof record.slug === 'string' ? record.slug : null;
}

/** The record an address names by its last parameter: by id when the parameter is a number, else by id or slug. */
type Named = { value: string; byId: boolean };

/** `/pages/:id/blocks` at `/pages/4/blocks` -> 4, by id; null when the route's address has no parameter. */
function namedRecord(route: RouteEntry, url: string): Named | null {
  const names = route.url.split('/');
  const values = url.split('?')[0].split('/');
  const index = names.findLastIndex((segment) => segment.startsWith(':'));
  if (index < 0 || names.length !== values.length) return null;
  const type = toJsonSchema(route.schema.params)?.properties?.[names[index].slice(1).replace(/\?$/, '')]?.type;
  return { value: decodeURIComponent(values[index]), byId: type === 'integer' || type === 'number' };
}

const isNamed = (record: unknown, named: Named): record is Record<string, unknown> =>
  isObject(record) && (String(record.id) === named.value || (!named.byId && record.slug === named.value));

/**
 * The pointer with each list position turned to the record the address names (`PUT boats/4`
 * reads the list of boats: boat 4, not the first one), when the list holds it.
 */
function pointAtRecord(answer: unknown, pointer: Path, named: Named | null): Path {
  if (named === null) return pointer;
  const pointed: Path = [];
  for (const step of pointer) {
    const list = at(answer, pointed);
    const index = typeof step === 'number' && Array.isArray(list) ? list.findIndex((item) => isNamed(item, named)) : -1;
    pointed.push(index >= 0 ? index : step);
  }
  return pointed;
}

/** A copy of a JSON value without a key, at every depth. */
function withoutKey(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKey(item, key));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([name, item]) => (name === key ? [] : [[name, withoutKey(item, key)]])));
}

/** The address itself, then each one above it, down to the first segment under the API. */
function addressesAbove(url: string): string[] {
  const [path] = url.split('?');
  const segments = path.slice(API_PREFIX.length).split('/').filter(Boolean);
  return segments.map((_segment, index) => `${API_PREFIX}/${segments.slice(0, segments.length - index).join('/')}`);
}

/** Objects and arrays in a JSON value (an array's first item stands for the others), the root first. */
function placesOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  if (path.length > 4 || value === null || typeof value !== 'object') return into;
  into.push(path);
  if (Array.isArray(value)) placesOf(value[0], [...path, 0], into);
  else for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], into);
  return into;
}

/** How many of the schema's fields a value has (for an array, its first item). */
function overlap(schema: JsonSchema, value: unknown, root: JsonSchema): number {
  const resolved = deref(schema, root);
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) return Math.max(0, ...choices.map((choice) => overlap(choice, value, root)));
  if (resolved.properties && isObject(value)) return Object.keys(resolved.properties).filter((key) => key in value && key !== 'version').length;
  if (resolved.items && !Array.isArray(resolved.items) && Array.isArray(value) && value.length) return overlap(resolved.items, value[0], root);
  return 0;
}

function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(current.$ref)?.[1];
    current = current.$ref === '#' ? root : ((name ? root.$defs?.[name] : undefined) ?? {});
  }
  if (current.allOf?.length) return Object.assign({}, ...current.allOf.map((part) => deref(part, root))) as JsonSchema;
  return current;
}

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

const matchesType = (schema: JsonSchema, value: unknown): boolean => {
  const types = typesOf(schema);
  if ('const' in schema) return schema.const === value;
  if (schema.enum) return schema.enum.includes(value);
  if (!types.length) return true;
  return types.some((type) =>
    type === 'null'
      ? value === null
      : type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? isObject(value)
          : type === 'integer'
            ? Number.isInteger(value)
            : type === 'number'
              ? typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
              : typeof value === type,
  );
};

/**
 * Shapes a value read from the API into a body a zod schema (given also as JSON Schema) accepts.
 */
class SchemaFitter {
  constructor(
    private readonly root: JsonSchema,
    private readonly validator: z.ZodType,
    private readonly realIds: number[],
  ) {}

  /** The value fitted and repaired, or undefined when it cannot be made valid. */
  fit(value: unknown, answer: unknown, pointer: Path): unknown {
    if (value === undefined) return undefined;
    const fitted = this.shape(this.root, value, { answer, version: versionNear(answer, pointer) });
    return this.repair(fitted);
  }

  /** The texts of a create made unique where the schema lets them be, when the body stays valid. */
  uniquify(value: unknown): unknown {
    const body = structuredClone(value);
    if (!isObject(body)) return body;
    const properties = deref(this.root, this.root).properties ?? {};
    for (const [key, property] of Object.entries(properties)) {
      const text = body[key];
      const resolved = deref(property, this.root);
      if (typeof text !== 'string' || !text || resolved.enum || 'const' in resolved || resolved.format) continue;
      body[key] = uniqueText(text, resolved.maxLength);
      // A field the suffix would break (a code of three letters, a URL that must end with /) stays as read.
      if (!this.validator.safeParse(body).success) body[key] = text;
    }
    return body;
  }

  private shape(schema: JsonSchema, value: unknown, context: { answer: unknown; version: number | undefined }): unknown {
    const resolved = deref(schema, this.root);
    if ('const' in resolved) return resolved.const;
    if (resolved.enum) return resolved.enum.includes(value) ? value : resolved.enum[0];
    const choices = resolved.anyOf ?? resolved.oneOf;
    if (choices) {
      const choice =
        choices.find((option) => matchesType(deref(option, this.root), value)) ?? choices.find((option) => !typesOf(deref(option, this.root)).includes('null'));
      return choice ? this.shape(choice, value, context) : value;
    }
    const types = typesOf(resolved);
    if (value === null && types.includes('null')) return null;
    if (types.includes('object') && isObject(value)) return this.shapeObject(resolved, value, context);
    if (types.includes('array') && Array.isArray(value)) {
      const items = resolved.items && !Array.isArray(resolved.items) ? resolved.items : null;
      return items ? value.map((item) => this.shape(items, item, context)) : value;
    }
    if ((types.includes('number') || types.includes('integer')) && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
      return Number(value);
    if (types.includes('string') && typeof value === 'number') return String(value);
    return value;
  }

  private shapeObject(schema: JsonSchema, value: Record<string, unknown>, context: { answer: unknown; version: number | undefined }) {
    const properties = schema.properties ?? {};
    // A record (z.record) or a loose object keeps what it was given.
    if (!Object.keys(properties).length) return value;
    const shaped: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      if (key in value && value[key] !== undefined) shaped[key] = this.shape(property, value[key], context);
      else if (key === 'version' && context.version !== undefined) shaped[key] = context.version;
      else if (schema.required?.includes(key)) {
        const filled = this.fill(property, context);
        if (filled !== undefined) shaped[key] = filled;
      }
    }
    return shaped;
  }

  /**
   * A required field the read lacks: the part of the read that looks most like it (the rows of a
   * list under another name, the record itself wrapped as `model`), else an empty list or a
   * generated value.
   */
  private fill(schema: JsonSchema, context: { answer: unknown; version: number | undefined }): unknown {
    const resolved = deref(schema, this.root);
    const types = typesOf(resolved);
    if (types.includes('array') || types.includes('object')) {
      const best = placesOf(context.answer)
        .map((place) => ({ place, score: overlap(resolved, at(context.answer, place), this.root) }))
        .sort((a, b) => b.score - a.score)[0];
      if (best?.score) return this.shape(resolved, at(context.answer, best.place), context);
      if (types.includes('array') && !(resolved.minItems ?? 0)) return [];
    }
    return this.sample(resolved);
  }

  private sample(schema: JsonSchema): unknown {
    return fc.sample(arbitraryFromSchema({ ...schema, $defs: this.root.$defs }, { realIds: this.realIds }), { numRuns: 1, seed: 11 })[0];
  }

  /** Takes away or replaces what the schema still refuses, a problem at a time, until it accepts the value. */
  private repair(value: unknown): unknown {
    let current = value;
    for (let round = 0; round < 40; round += 1) {
      const result = this.validator.safeParse(current);
      if (result.success) return current;
      const issue = result.error.issues[0];
      const path = issue.path as Path;
      if (issue.code === 'unrecognized_keys') {
        const holder = at(current, path);
        if (!isObject(holder)) return undefined;
        for (const key of issue.keys) delete holder[key];
        continue;
      }
      const parent = at(current, path.slice(0, -1));
      const key = path.at(-1);
      // A list that has grown past what one request may send (rows added by earlier creates), a text too long: cut.
      const here = at(current, path);
      if (issue.code === 'too_big' && (Array.isArray(here) || typeof here === 'string')) {
        const cut = here.slice(0, Number(issue.maximum));
        if (key === undefined) current = cut;
        else (parent as Record<string | number, unknown>)[key] = cut;
        continue;
      }
      if (key === undefined) return undefined;
      const property = this.schemaAt(path);
      if (Array.isArray(parent) && typeof key === 'number' && key < parent.length) parent.splice(key, 1);
      else if (isObject(parent) && key in parent && property && !property.required) delete parent[key as string];
      else if (isObject(parent) && property?.schema && round < 20) parent[key as string] = this.sample(property.schema);
      else return undefined;
    }
    return undefined;
  }

  /** The JSON Schema of a place in the body, and whether its object requires it. */
  private schemaAt(path: Path): { schema: JsonSchema; required: boolean } | null {
    let schema: JsonSchema | undefined = this.root;
    let required = true;
    for (const key of path) {
      let resolved: JsonSchema = deref(schema!, this.root);
      const choices = resolved.anyOf ?? resolved.oneOf;
      if (choices)
        resolved = deref(
          choices.find((option) =>
            typeof key === 'number' ? typesOf(deref(option, this.root)).includes('array') : deref(option, this.root).properties?.[key],
          ) ?? {},
          this.root,
        );
      if (typeof key === 'number') {
        schema = resolved.items && !Array.isArray(resolved.items) ? resolved.items : undefined;
        required = true;
      } else {
        schema = resolved.properties?.[key];
        required = Boolean(resolved.required?.includes(key));
      }
      if (!schema) return null;
    }
    return { schema: schema!, required };
  }
}

/**
 * The `version` a body made from the value at `pointer` should carry: the nearest one read at or
 * above it, else that of any stored record in the answer. A record has an id and a version the
 * database can hold: free JSON a fuzz request stored (a jsonb field holding `{"version": 5e15}`)
 * is no record, and its number would make every later save of the season overflow. The answer
 * itself is the server's, not stored JSON: its version counts without an id (`{ extra, version }`
 * carries the season's).
 */
function versionNear(answer: unknown, pointer: Path): number | undefined {
  for (let depth = pointer.length; depth >= 0; depth -= 1) {
    const holder = at(answer, pointer.slice(0, depth));
    if (isRecordWithVersion(holder) || (depth === 0 && isObject(holder) && isStoredVersion(holder.version))) return holder.version as number;
  }
  for (const place of placesOf(answer)) {
    const holder = at(answer, place);
    if (isRecordWithVersion(holder)) return holder.version;
  }
  return undefined;
}

const isStoredVersion = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= POSTGRES_INTEGER_MAX;

const isRecordWithVersion = (value: unknown): value is { id: number; version: number } =>
  isObject(value) && typeof value.id === 'number' && isStoredVersion(value.version);
