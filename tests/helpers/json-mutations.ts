import fc from 'fast-check';

/**
 * One change to a valid request body: at a place in it (chosen by `at`, modulo the number of
 * places, so it fits any body), replace the value, remove it, or add a field beside it.
 */
export type Mutation = { at: number } & (
  { kind: 'replace'; value: unknown } | { kind: 'remove' } | { kind: 'extra'; key: string; value: unknown } | { kind: 'repeat'; times: number }
);

/** Nested arrays and objects, alternately, `depth` levels deep. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { nested: value } : [value];
  return value;
}

const hugeString = fc
  .oneof(
    { weight: 6, arbitrary: fc.constantFrom(1_001, 10_001, 100_001, 600_001) },
    // Over the 2 MB body limit: refused before any handler runs.
    { weight: 1, arbitrary: fc.constant(2_200_000) },
  )
  .map((length) => 'x'.repeat(length));

const awkwardText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'before\u0000after',
    '\uD800',
    'lone \uDFFF surrogate',
    '🚴‍♀️🚲'.repeat(200),
    '\u202Eevil\u202C',
    '\uFEFFbom',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
    'ﷺ𒐫',
    '\r\n\t\v\f',
    "'; DROP TABLE tours; --",
    '%s%s%n',
    '{{7*7}}${7*7}',
    '../../../../etc/passwd',
    // Markup that nests by HTML rules though it looks closed (issue 30): self-closing non-void
    // tags, and closing tags inside quoted attribute values.
    '<ul/><li/>'.repeat(150),
    '<ul title="</ul>"><li>'.repeat(150),
  ),
);

const edgeNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  1e21,
  99999999999.999,
);

const wrongTypes = fc.constantFrom<unknown>('text', '1', 'true', '', '2024-02-30', 'null', 42, true, false, [], {}, [1, 'a', null], { a: 1 });

const replacement = fc.oneof(
  { weight: 4, arbitrary: wrongTypes },
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: edgeNumbers },
  { weight: 3, arbitrary: awkwardText },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 3_000 }).map(deeplyNested) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'version', 'deleted', 'is_admin', 'created_at', 'user_id'),
  fc.string({ maxLength: 20 }),
);

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ at: fc.nat(), kind: fc.constant('replace' as const), value: replacement }) },
  { weight: 2, arbitrary: fc.record({ at: fc.nat(), kind: fc.constant('remove' as const) }) },
  { weight: 2, arbitrary: fc.record({ at: fc.nat(), kind: fc.constant('extra' as const), key: extraKey, value: replacement }) },
  { weight: 1, arbitrary: fc.record({ at: fc.nat(), kind: fc.constant('repeat' as const), times: fc.constantFrom(2, 100, 5_000) }) },
);

type Path = (string | number)[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every place in a JSON value, the root first. */
function placesOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => placesOf(item, [...path, index], into));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], into);
  return into;
}

const setOwn = (target: Record<string, unknown>, key: string, value: unknown) =>
  // defineProperty, so '__proto__' becomes a real key of the JSON rather than the object's prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** The body with the mutation applied (the original is left alone); undefined means no body at all. */
export function applyMutation(base: unknown, mutation: Mutation): unknown {
  const body = structuredClone(base);
  const places = placesOf(body);
  const path = places[mutation.at % places.length];
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body) as
    Record<string | number, unknown> | unknown[] | undefined;
  const key = path.at(-1);
  const current = key === undefined ? body : (parent as Record<string | number, unknown>)[key];
  const put = (value: unknown) => {
    if (key === undefined) return value;
    if (Array.isArray(parent)) parent[key as number] = value;
    else setOwn(parent as Record<string, unknown>, String(key), value);
    return body;
  };
  switch (mutation.kind) {
    case 'replace':
      return put(mutation.value);
    case 'remove':
      if (key === undefined) return undefined;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, unknown>)[key];
      return body;
    case 'extra': {
      const target = isObject(current) ? current : isObject(parent) ? parent : null;
      if (!target) return put({ [mutation.key]: mutation.value, value: current });
      setOwn(target, mutation.key, mutation.value);
      return body;
    }
    case 'repeat':
      return put(
        Array.isArray(current)
          ? Array.from({ length: mutation.times }, (_unused, index) => current[index % Math.max(current.length, 1)] ?? null)
          : Array.from({ length: mutation.times }, () => current),
      );
  }
}
