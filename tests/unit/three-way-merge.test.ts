import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeRows, type MergeChoice, type MergeConflict } from '../../src/grid/commands/three-way-merge.js';

// Issue 29: the price grids' three-way merge, against an independent statement of its rules.
// A grid here is rows with an identity, two number cells and a formula that refers to one row
// (by identity in the model; by position, `[n]+c`, in the text each grid holds).

type Formula = { target: string; plus: number } | null;
type ModelRow = { identity: string; a: number; b: number; formula: Formula };
type TestRow = { id?: number; key: string; a: number; b: number; formula: string | null };

const FIELDS = ['a', 'b', 'formula'] as const;
const identityOf = (row: TestRow) => (row.id !== undefined ? `id:${row.id}` : `key:${row.key}`);

/** A model grid as the screen holds it: formulas name rows by their position in this grid. */
function toRows(grid: readonly ModelRow[]): TestRow[] {
  const position = new Map(grid.map((row, index) => [row.identity, index]));
  return grid.map((row) => {
    const [kind, name] = row.identity.split(':');
    const at = row.formula && position.get(row.formula.target);
    const text = row.formula && `${at === undefined ? '#REF!' : `[${at}]`}+${row.formula.plus}`;
    return { ...(kind === 'id' ? { id: Number(name) } : {}), key: kind === 'id' ? `row-${name}` : name, a: row.a, b: row.b, formula: text };
  });
}

/** A merged grid read back: each formula as the row it names (`missing` for #REF!). */
function fromRows(rows: readonly TestRow[]): Map<string, { a: number; b: number; formula: { target: string; plus: number } | null }> {
  const identities = rows.map(identityOf);
  return new Map(
    rows.map((row, index) => {
      const match = row.formula === null ? null : /^(?:\[(\d+)\]|#REF!)\+(\d+)$/.exec(row.formula);
      if (row.formula !== null && match === null) throw new Error(`Unexpected formula ${row.formula}`);
      const formula = match ? { target: match[1] === undefined ? 'missing' : identities[Number(match[1])], plus: Number(match[2]) } : null;
      return [identities[index], { a: row.a, b: row.b, formula }];
    }),
  );
}

const sameFormula = (x: Formula, y: Formula) => (x === null || y === null ? x === y : x.target === y.target && x.plus === y.plus);
const sameCell = (field: (typeof FIELDS)[number], x: ModelRow, y: ModelRow) =>
  field === 'formula' ? sameFormula(x.formula, y.formula) : x[field] === y[field];
const rowChanged = (from: ModelRow, to: ModelRow) => FIELDS.some((field) => !sameCell(field, from, to));

const value = fc.integer({ min: 0, max: 3 });

/** A side's edit of the base: cells changed or not, rows deleted, rows added, rows shuffled. */
const editOf = (base: readonly ModelRow[], prefix: string) =>
  fc
    .record({
      kept: fc.array(fc.boolean(), { minLength: base.length, maxLength: base.length }),
      changes: fc.array(fc.record({ a: fc.option(value), b: fc.option(value), formula: fc.option(fc.option(fc.nat({ max: 20 }))), plus: value }), {
        minLength: base.length,
        maxLength: base.length,
      }),
      added: fc.array(fc.record({ a: value, b: value, at: fc.nat({ max: 20 }) }), { maxLength: 3 }),
      order: fc.array(fc.nat(), { minLength: base.length + 3, maxLength: base.length + 3 }),
    })
    .map(({ kept, changes, added, order }) => {
      const rows: ModelRow[] = base.flatMap((row, i) => (kept[i] ? [{ ...row }] : []));
      // As the grid does: a formula naming a deleted row becomes #REF!.
      for (const row of rows)
        if (row.formula && !rows.some((other) => other.identity === row.formula?.target)) row.formula = { ...row.formula, target: 'missing' };
      added.forEach((extra, n) => rows.splice(extra.at % (rows.length + 1), 0, { identity: `key:${prefix}-${n}`, a: extra.a, b: extra.b, formula: null }));
      // Cells changed after the rows are in place, so a formula may name an added row.
      base.forEach((_, i) => {
        const row = rows.find((candidate) => candidate.identity === base[i].identity);
        const change = changes[i];
        if (!row) return;
        if (change.a !== null) row.a = change.a;
        if (change.b !== null) row.b = change.b;
        if (change.formula !== null) row.formula = change.formula === null ? null : { target: rows[change.formula % rows.length].identity, plus: change.plus };
      });
      // A row moved: the clerk's order does not change what the merge keeps.
      const shuffled = rows.map((row, i) => ({ row, rank: order[i] ?? 0 })).sort((x, y) => x.rank - y.rank);
      return shuffled.map(({ row }) => row);
    });

const scenario = fc
  .array(fc.record({ a: value, b: value, target: fc.option(fc.nat({ max: 20 })), plus: value }), { maxLength: 7 })
  .map((specs) =>
    specs.map((spec, i): ModelRow => ({
      identity: `id:${i + 1}`,
      a: spec.a,
      b: spec.b,
      formula: spec.target === null ? null : { target: `id:${(spec.target % specs.length) + 1}`, plus: spec.plus },
    })),
  )
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      mine: editOf(base, 'mine'),
      theirs: editOf(base, 'theirs'),
      choice: fc.constantFrom<MergeChoice | undefined>(undefined, 'mine', 'theirs'),
    }),
  );

describe('the three-way merge of a price grid', () => {
  it('keeps each side’s change, reports every cell both changed differently, and carries formulas by the rows they name', () => {
    fc.assert(
      fc.property(scenario, ({ base, mine, theirs, choice }) => {
        const result = mergeRows<TestRow>({
          base: toRows(base),
          mine: toRows(mine),
          theirs: toRows(theirs),
          identity: identityOf,
          fields: FIELDS,
          formulaField: 'formula',
          choose: () => choice,
        });
        const merged = fromRows(result.rows);
        const decided = (conflict: MergeConflict<TestRow>) => result.found.includes(conflict) && !result.conflicts.includes(conflict);
        const expectedChoice: MergeChoice = choice ?? 'mine';
        const expectedConflicts: string[] = [];
        const byIdentity = (grid: readonly ModelRow[]) => new Map(grid.map((row) => [row.identity, row]));
        const [loaded, ours, stored] = [byIdentity(base), byIdentity(mine), byIdentity(theirs)];
        const expectedRows = new Map<string, ModelRow>();

        for (const identity of new Set([...ours.keys(), ...stored.keys(), ...loaded.keys()])) {
          const [b, m, t] = [loaded.get(identity), ours.get(identity), stored.get(identity)];
          if (!b) {
            expectedRows.set(identity, (m ?? t) as ModelRow);
          } else if (m && t) {
            const row = { ...t };
            for (const field of FIELDS) {
              const mineChanged = !sameCell(field, m, b);
              const theirsChanged = !sameCell(field, t, b);
              if (mineChanged && theirsChanged && !sameCell(field, m, t)) {
                expectedConflicts.push(`${identity}:${field}`);
                Object.assign(row, { [field]: (expectedChoice === 'mine' ? m : t)[field] });
              } else if (mineChanged) Object.assign(row, { [field]: m[field] });
            }
            expectedRows.set(identity, row);
          } else if (m && rowChanged(b, m)) {
            expectedConflicts.push(`${identity}:row`);
            if (expectedChoice === 'mine') expectedRows.set(identity, m);
          } else if (t && rowChanged(b, t)) {
            expectedConflicts.push(`${identity}:row`);
            if (expectedChoice === 'theirs') expectedRows.set(identity, t);
          }
        }

        // Every conflict reported, none invented; decided only when a choice was given.
        expect(result.found.map((conflict) => conflict.id).sort()).toEqual(expectedConflicts.sort());
        expect(result.found.every((conflict) => decided(conflict) === (choice !== undefined))).toBe(true);
        // The same rows, each cell as the rules say, formulas naming the same rows (or #REF! when gone).
        expect([...merged.keys()].sort()).toEqual([...expectedRows.keys()].sort());
        for (const [identity, row] of expectedRows) {
          const target = row.formula && (expectedRows.has(row.formula.target) ? row.formula.target : 'missing');
          expect(merged.get(identity)).toEqual({ a: row.a, b: row.b, formula: row.formula && { target, plus: row.formula.plus } });
        }
        // The clerk's order is kept for the clerk's rows.
        const mineOrder = mine.map((row) => row.identity).filter((identity) => merged.has(identity));
        expect(result.rows.map(identityOf).filter((identity) => ours.has(identity))).toEqual(mineOrder);
      }),
      { numRuns: 2000, seed: 29 },
    );
  });

  it('keeps row 12’s formula on its row when the other clerk inserted a row above the row it names', () => {
    const row = (id: number, a: number, formula: string | null = null): TestRow => ({ id, key: `row-${id}`, a, b: 0, formula });
    const base = [row(1, 100), row(2, 200), row(3, 0, '[1]+280')];
    const mine = [row(1, 100), row(2, 250), row(3, 0, '[1]+300')];
    const theirs = [row(1, 100), { key: 'new-9', a: 150, b: 0, formula: null }, row(2, 200), row(3, 0, '[2]+280')];
    const result = mergeRows<TestRow>({ base, mine, theirs, identity: identityOf, fields: FIELDS, formulaField: 'formula' });
    expect(result.conflicts).toEqual([]);
    expect(result.rows.map((merged) => [identityOf(merged), merged.a, merged.formula])).toEqual([
      ['id:1', 100, null],
      ['key:new-9', 150, null],
      ['id:2', 250, null],
      ['id:3', 0, '[2]+300'],
    ]);
    expect(result.keptMine).toBe(2);
    expect(result.tookTheirs).toBe(1);
  });

  it('reports a cell both changed with the values each grid shows, and a row they deleted that the clerk changed', () => {
    const row = (id: number, a: number): TestRow => ({ id, key: `row-${id}`, a, b: 0, formula: null });
    const result = mergeRows<TestRow>({
      base: [row(1, 100), row(2, 200)],
      mine: [row(1, 110), row(2, 210)],
      theirs: [row(1, 120)],
      identity: identityOf,
      fields: FIELDS,
      formulaField: 'formula',
    });
    expect(
      result.conflicts.map((conflict) =>
        conflict.kind === 'cell' ? [conflict.id, conflict.base, conflict.mine, conflict.theirs] : [conflict.id, conflict.kind],
      ),
    ).toEqual([
      ['id:1:a', 100, 110, 120],
      ['id:2:row', 'deleted-by-them'],
    ]);
    // Undecided, the clerk's side stands in the rows; the kept row is new again.
    expect(result.rows.map((merged) => merged.a)).toEqual([110, 210]);
    expect([...result.revived]).toEqual(['id:2']);
  });
});
