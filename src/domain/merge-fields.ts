/**
 * The three-way merge of one record, field by field (issue 29): what the clerk loaded (`base`),
 * what the clerk has now (`mine`) and what is stored now (`theirs`). A field only one side changed
 * takes that side's value; a field both changed to the same value takes it; a field both changed
 * to different values is a conflict, never chosen silently: the merged record holds the clerk's
 * value there until the conflict is decided.
 */
export type FieldConflict<F extends string = string> = { field: F; base: unknown; mine: unknown; theirs: unknown };

export type FieldMerge<T, F extends string = string> = {
  merged: T;
  conflicts: FieldConflict<F>[];
  /** Fields the clerk changed whose value the merge kept (conflicts not counted). */
  keptMine: F[];
  /** Fields only the other side changed, whose value the merge took. */
  tookTheirs: F[];
};

/**
 * Whether two field values are the same: numbers, strings, booleans and null by value, arrays and
 * plain objects by their content (a list of dates, a nested party member), in the order given.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function mergeFields<T extends Record<string, unknown>, F extends keyof T & string>(
  base: T,
  mine: T,
  theirs: T,
  fields: readonly F[],
): FieldMerge<T, F> {
  const merged: T = { ...theirs };
  const conflicts: FieldConflict<F>[] = [];
  const keptMine: F[] = [];
  const tookTheirs: F[] = [];
  for (const field of fields) {
    const mineChanged = !sameValue(mine[field], base[field]);
    const theirsChanged = !sameValue(theirs[field], base[field]);
    if (!mineChanged) {
      merged[field] = theirs[field];
      if (theirsChanged) tookTheirs.push(field);
    } else if (!theirsChanged || sameValue(mine[field], theirs[field])) {
      merged[field] = mine[field];
      keptMine.push(field);
    } else {
      merged[field] = mine[field];
      conflicts.push({ field, base: base[field], mine: mine[field], theirs: theirs[field] });
    }
  }
  return { merged, conflicts, keptMine, tookTheirs };
}
