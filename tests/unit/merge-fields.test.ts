import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDraft, setAtPath } from '../../src/domain/merge-draft';
import { mergeFields, sameValue } from '../../src/domain/merge-fields';

const FIELDS = ['name', 'code', 'nights', 'guided', 'months', 'notes'] as const;
type Field = (typeof FIELDS)[number];
type Row = Record<Field, unknown>;

// Few distinct values, so both sides often change a field, and often to the same value.
const value = fc.oneof(
  fc.constantFrom('', 'a', 'b'),
  fc.integer({ min: 0, max: 2 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
);
const row = fc.record(Object.fromEntries(FIELDS.map((field) => [field, value])) as Record<Field, typeof value>);
/** Each side starts from base and changes some fields. */
const edited = (base: Row) =>
  fc
    .record(Object.fromEntries(FIELDS.map((field) => [field, fc.option(value, { nil: undefined })])) as Record<Field, fc.Arbitrary<unknown>>)
    .map((changes) => Object.fromEntries(FIELDS.map((field) => [field, changes[field] === undefined ? base[field] : changes[field]])) as Row);
const threeSides = row.chain((base) => fc.tuple(fc.constant(base), edited(base), edited(base)));

describe('mergeFields: a three-way merge of one record (issue 29)', () => {
  it('gives each field changed by one side that side’s value, reports every field both changed differently, and keeps the rest', () => {
    fc.assert(
      fc.property(threeSides, ([base, mine, theirs]) => {
        const { merged, conflicts, keptMine, tookTheirs } = mergeFields(base, mine, theirs, FIELDS);
        for (const field of FIELDS) {
          const mineChanged = !sameValue(mine[field], base[field]);
          const theirsChanged = !sameValue(theirs[field], base[field]);
          const conflict = conflicts.find((item) => item.field === field);
          if (mineChanged && theirsChanged && !sameValue(mine[field], theirs[field])) {
            // Never silently chosen: reported with all three values, the clerk's held until decided.
            expect(conflict).toEqual({ field, base: base[field], mine: mine[field], theirs: theirs[field] });
            expect(keptMine).not.toContain(field);
            expect(tookTheirs).not.toContain(field);
          } else {
            expect(conflict).toBeUndefined();
            if (mineChanged) expect(sameValue(merged[field], mine[field])).toBe(true);
            else if (theirsChanged) expect(sameValue(merged[field], theirs[field])).toBe(true);
            else expect(sameValue(merged[field], base[field])).toBe(true);
            expect(keptMine.includes(field)).toBe(mineChanged);
            expect(tookTheirs.includes(field)).toBe(!mineChanged && theirsChanged);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

type Member = { id: number; first_name: string; height: string };
type Booking = { version: number; comments: string; customer: { town: string; postcode: string }; party: Member[] };
const member = (id: number) => fc.record({ id: fc.constant(id), first_name: fc.constantFrom('Ann', 'Bo', 'Cy'), height: fc.constantFrom('', '170', '180') });
const booking: fc.Arbitrary<Booking> = fc.record({
  version: fc.constant(1),
  comments: fc.constantFrom('', 'late', 'early'),
  customer: fc.record({ town: fc.constantFrom('Arles', 'Tours'), postcode: fc.constantFrom('', 'AB1') }),
  party: fc.tuple(member(11), member(12)).map((members) => [...members]),
});
/** The leaves of a booking draft by path, with party members placed by id (as merged). */
const leaves = (draft: Booking, order: number[]): Record<string, unknown> => ({
  comments: draft.comments,
  'customer.town': draft.customer.town,
  'customer.postcode': draft.customer.postcode,
  ...Object.fromEntries(
    order.flatMap((id, index) => {
      const found = draft.party.find((candidate) => candidate.id === id)!;
      return [
        [`party.${index}.first_name`, found.first_name],
        [`party.${index}.height`, found.height],
      ];
    }),
  ),
});

describe('mergeDraft: a whole form draft, nested records and party members by id', () => {
  it('merges every leaf as mergeFields would, member by member, with their version', () => {
    const sides = fc.tuple(
      booking,
      booking,
      booking.map((theirs) => ({ ...theirs, version: 2 })),
    );
    fc.assert(
      fc.property(sides, ([base, mine, theirs]) => {
        const order = theirs.party.map((item) => item.id);
        const { merged, conflicts, keptMine } = mergeDraft(base, mine, theirs);
        const flat = [leaves(base, order), leaves(mine, order), leaves(theirs, order)] as const;
        const expected = mergeFields(flat[0], flat[1], flat[2], Object.keys(flat[0]));
        expect(leaves(merged, order)).toEqual(expected.merged);
        expect(conflicts.map((conflict) => conflict.path).sort()).toEqual(expected.conflicts.map((conflict) => conflict.field).sort());
        expect([...keptMine].sort()).toEqual([...expected.keptMine].sort());
        expect(merged.version).toBe(2);
        expect(merged.party.map((item) => item.id)).toEqual(order);
      }),
      { numRuns: 300 },
    );
  });

  it('treats a list whose members came or went as one field', () => {
    const base = { party: [{ id: 1, name: 'Ann' }] };
    const mine = { party: [{ id: 1, name: 'Anne' }] };
    const theirs = {
      party: [
        { id: 1, name: 'Ann' },
        { id: 2, name: 'Bo' },
      ],
    };
    expect(mergeDraft(base, mine, theirs).conflicts).toEqual([{ path: 'party', base: base.party, mine: mine.party, theirs: theirs.party }]);
  });

  it('treats a list whose members moved as one field, so a move is kept whole', () => {
    const base = [
      { id: 1, title: 'Passau' },
      { id: 2, title: 'Linz' },
    ];
    const moved = [base[1], base[0]];
    const renamed = [{ id: 1, title: 'Passau (Old Town)' }, base[1]];
    expect(mergeDraft(base, moved, base)).toMatchObject({ merged: moved, conflicts: [], keptMine: [''] });
    expect(mergeDraft(base, moved, renamed).conflicts).toEqual([{ path: '', base, mine: moved, theirs: renamed }]);
  });

  it('merges a list that is the whole draft row by row, its paths from the row’s place', () => {
    const base = [
      { id: 1, title: 'Passau', day: '1' },
      { id: 2, title: 'Linz', day: '2' },
    ];
    const mine = [base[0], { ...base[1], title: 'Linz and Enns' }];
    const theirs = [
      { ...base[0], day: '0' },
      { ...base[1], title: 'Linz by boat' },
    ];
    const { merged, conflicts, tookTheirs } = mergeDraft(base, mine, theirs);
    expect(merged).toEqual([theirs[0], mine[1]]);
    expect(tookTheirs).toEqual(['0.day']);
    expect(conflicts).toEqual([{ path: '1.title', base: 'Linz', mine: 'Linz and Enns', theirs: 'Linz by boat' }]);
  });

  it('sets a decided value at its path without touching the rest', () => {
    const draft = { customer: { town: 'Arles', postcode: 'AB1' }, party: [{ id: 1, height: '170' }] };
    expect(setAtPath(draft, 'party.0.height', '180')).toEqual({ customer: draft.customer, party: [{ id: 1, height: '180' }] });
    expect(draft.party[0].height).toBe('170');
  });
});
