import { mergeFields } from './merge-fields.js';

/**
 * The three-way merge of a whole form draft (issue 29), built on `mergeFields`: a nested object
 * (a booking's customer) is merged field by field inside it, and so is a list of records that
 * carry ids when all three sides hold the same ids (a booking's party: member by member, field by
 * field). Any other value (a list of dates, a list whose members came, went or moved) is one field.
 * Paths are dotted, with list positions as in the merged draft ('party.1.height').
 */
export type DraftConflict = { path: string; base: unknown; mine: unknown; theirs: unknown };

export type DraftMerge<T> = {
  merged: T;
  conflicts: DraftConflict[];
  /** Paths the clerk changed whose value the merge kept (conflicts not counted). */
  keptMine: string[];
  /** Paths only the other side changed, whose value the merge took. */
  tookTheirs: string[];
};

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

const idOf = (value: unknown): unknown => (isPlain(value) ? value.id : undefined);

const hasId = (id: unknown) => typeof id === 'number' || typeof id === 'string';

/**
 * Records with ids, the same ids in the same order on all three sides: no member added, removed
 * or moved by anyone (a list whose order changed is one field, so a move is never lost).
 */
function sameMembers(base: unknown, mine: unknown, theirs: unknown): boolean {
  if (!Array.isArray(base) || !Array.isArray(mine) || !Array.isArray(theirs)) return false;
  const ids = base.map(idOf);
  if (ids.length === 0 || !ids.every(hasId) || new Set(ids).size !== ids.length) return false;
  return [mine, theirs].every((list) => list.length === ids.length && list.every((item, index) => idOf(item) === ids[index]));
}

const join = (prefix: string, key: string) => [prefix, key].filter((part) => part !== '').join('.');

function mergeObject(base: Plain, mine: Plain, theirs: Plain, prefix: string, into: DraftMerge<unknown>): Plain {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])];
  const nestedObject = (key: string) => isPlain(base[key]) && isPlain(mine[key]) && isPlain(theirs[key]);
  const nestedList = (key: string) => sameMembers(base[key], mine[key], theirs[key]);
  const leaves = keys.filter((key) => !nestedObject(key) && !nestedList(key));
  const level = mergeFields(base, mine, theirs, leaves);
  const merged: Plain = level.merged;
  into.conflicts.push(...level.conflicts.map(({ field, ...values }) => ({ path: join(prefix, field), ...values })));
  into.keptMine.push(...level.keptMine.map((key) => join(prefix, key)));
  into.tookTheirs.push(...level.tookTheirs.map((key) => join(prefix, key)));
  for (const key of keys) {
    if (nestedObject(key)) merged[key] = mergeObject(base[key] as Plain, mine[key] as Plain, theirs[key] as Plain, join(prefix, key), into);
    else if (nestedList(key)) {
      // The same order on all sides: positions in the paths are positions in the merged list.
      const at = (list: unknown, index: number) => (list as Plain[])[index];
      merged[key] = (theirs[key] as Plain[]).map((theirItem, index) =>
        mergeObject(at(base[key], index), at(mine[key], index), theirItem, join(join(prefix, key), String(index)), into),
      );
    }
  }
  return merged;
}

export function mergeDraft<T>(base: T, mine: T, theirs: T): DraftMerge<T> {
  const into: DraftMerge<unknown> = { merged: undefined, conflicts: [], keptMine: [], tookTheirs: [] };
  // A draft that is not a record (a bare list) is one field, at the path ''.
  const merged =
    isPlain(base) && isPlain(mine) && isPlain(theirs)
      ? mergeObject(base, mine, theirs, '', into)
      : mergeObject({ '': base }, { '': mine }, { '': theirs }, '', into)[''];
  return { ...into, merged: merged as T };
}

/** The draft with the value at a dotted path replaced (a conflict decided for their value). */
export function setAtPath<T>(draft: T, path: string, value: unknown): T {
  if (path === '') return value as T;
  const [head, ...rest] = path.split('.');
  const inner = (current: unknown) => (rest.length === 0 ? value : setAtPath(current, rest.join('.'), value));
  if (Array.isArray(draft)) return draft.map((item, index) => (String(index) === head ? inner(item) : item)) as T;
  const record = (isPlain(draft) ? draft : {}) as Plain;
  return { ...record, [head]: inner(record[head]) } as T;
}
