import fc from 'fast-check';
import { z } from 'zod';
import { XSS_PAYLOADS } from './xss-payloads.js';

/** The part of JSON Schema that z.toJSONSchema writes and the generator understands. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/** A route's declared schema as JSON Schema (the input side: what a client may send), or null when it has none. */
export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  if (isZod(schema)) return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // A route written with a plain JSON Schema instead of zod.
  return typeof schema === 'object' ? (schema as JsonSchema) : null;
}

export type ArbitraryOptions = {
  /** Ids that exist in the seeded database: generated integers favour them, so bodies refer to real rows. */
  realIds: number[];
  /** Longest array the generator makes, whatever the schema allows (huge arrays belong to the mutations). */
  maxItems?: number;
  /** Longest free string the generator makes (huge strings belong to the mutations). */
  maxStringLength?: number;
};

const DATE_PATTERN = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;
const INT32 = 2 ** 31 - 1;

/**
 * fast-check values that follow a JSON Schema: mostly valid, so the fuzzer reaches the routes'
 * handlers and the database rather than stopping at validation, with real ids and XSS payloads
 * mixed in.
 */
export function arbitraryFromSchema(root: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const maxItems = options.maxItems ?? 4;
  const maxStringLength = options.maxStringLength ?? 40;

  const resolve = (ref: string): JsonSchema => {
    if (ref === '#') return root;
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
    const found = name ? root.$defs?.[name] : undefined;
    if (!found) throw new Error(`Cannot resolve ${ref}`);
    return found;
  };

  const build = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (schema.$ref) return depth > 4 ? fc.constant(null) : build(resolve(schema.$ref), depth + 1);
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => build(choice, depth + 1)));
    if (schema.allOf?.length) return build(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => build({ ...schema, type }, depth)));
    switch (types[0]) {
      case 'string':
        return stringArbitrary(schema, maxStringLength);
      case 'integer':
        return integerArbitrary(schema, options.realIds);
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrayArbitrary(schema, depth);
      case 'object':
        return objectArbitrary(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  const arrayArbitrary = (schema: JsonSchema, depth: number) => {
    if (depth > 6) return fc.constant([]);
    const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : null);
    if (tuple) return fc.tuple(...tuple.map((item) => build(item, depth + 1)));
    const item = schema.items && !Array.isArray(schema.items) ? build(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    const minLength = schema.minItems ?? 0;
    return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? maxItems, maxItems)) });
  };

  const objectArbitrary = (schema: JsonSchema, depth: number) => {
    const properties = schema.properties ?? {};
    const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, build(value, depth + 1)]));
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  };

  return build(root, 0);
}

function stringArbitrary(schema: JsonSchema, maxStringLength: number): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 10_000;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date' || (schema.pattern && DATE_PATTERN.test(schema.pattern))) {
    // Mostly real dates, sometimes ones that only look like dates (2024-99-99).
    return fc.oneof({ weight: 4, arbitrary: isoDate }, { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl().filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const upTo = Math.max(minLength, Math.min(maxLength, maxStringLength));
  const payloads = XSS_PAYLOADS.filter(fits);
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength, maxLength: upTo }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength: upTo, unit: 'grapheme' }) },
    ...(payloads.length ? [{ weight: 1, arbitrary: fc.constantFrom(...payloads) }] : []),
  );
}

function bounds(schema: JsonSchema, step: number) {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : (schema.minimum ?? -Number.MAX_SAFE_INTEGER);
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : (schema.maximum ?? Number.MAX_SAFE_INTEGER);
  return { low, high };
}

function integerArbitrary(schema: JsonSchema, realIds: number[]): fc.Arbitrary<number> {
  const { low, high } = bounds(schema, 1);
  const min = Math.ceil(Math.max(low, -Number.MAX_SAFE_INTEGER));
  const max = Math.floor(Math.min(high, Number.MAX_SAFE_INTEGER));
  if (min > max) return fc.constant(min);
  // fc.integer only spans 32 bits; wider ranges go through bigint.
  const anywhere = min >= -INT32 && max <= INT32 ? fc.integer({ min, max }) : fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  const ids = realIds.filter((id) => id >= min && id <= max);
  const small = fc.integer({ min: Math.max(min, Math.min(max, 0)), max: Math.min(max, Math.max(min, 12)) });
  return fc.oneof({ weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : small }, { weight: 2, arbitrary: small }, { weight: 1, arbitrary: anywhere });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const { low, high } = bounds(schema, 0.001);
  const min = Math.max(low, -1e9);
  const max = Math.min(high, 1e9);
  if (min > max) return fc.constant(min);
  // Prices look like money: whole cents, within what 32-bit cents can count.
  const cents = { min: Math.ceil(Math.max(min, -1e7) * 100), max: Math.floor(Math.min(max, 1e7) * 100) };
  const money = cents.min <= cents.max ? fc.integer(cents).map((value) => value / 100) : fc.constant(min);
  return fc.oneof(money, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}
