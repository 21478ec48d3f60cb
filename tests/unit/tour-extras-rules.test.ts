import { describe, expect, it } from 'vitest';
import { asNewRow, copyConfirmation } from '../../src/domain/tours/copy-season-data';
import { partyExtraInputSchema, roomExtraInputSchema } from '../../src/domain/tours/tour-extras-schemas';
import {
  FREE_CHILD_OUTPUT_MAX_AGE,
  FREE_CHILD_PERCENT,
  hasPreOrPost,
  numberOrNull,
  paxForSave,
  reductionNumbersForSave,
  togglePrePost,
} from '../../src/domain/tours/tour-extras-rules';
import { newFreeChildReduction, reductionCreateSchema, reductionInputSchema } from '../../src/domain/tours/tour-reductions-schemas';
import { copyExtras, copyPriceRows } from '../../src/formulas/copy-price-rows';
import { evaluateGrossColumn } from '../../src/formulas/evaluate-price-rows';

describe('the Pre/Post rule of extra nights', () => {
  it('lets either flag be unchecked while the other stays checked', () => {
    expect(togglePrePost({ pre: true, post: true }, 'pre', false)).toEqual({ pre: false, post: true });
    expect(togglePrePost({ pre: true, post: true }, 'post', false)).toEqual({ pre: true, post: false });
  });

  it('re-checks the last checked flag when it is unchecked', () => {
    expect(togglePrePost({ pre: true, post: false }, 'pre', false)).toEqual({ pre: true, post: false });
    expect(togglePrePost({ pre: false, post: true }, 'post', false)).toEqual({ pre: false, post: true });
  });

  it('checks a flag as asked', () => {
    expect(togglePrePost({ pre: false, post: true }, 'pre', true)).toEqual({ pre: true, post: true });
  });

  it('is what the server checks: neither flag is refused', () => {
    expect(hasPreOrPost({ pre: false, post: false })).toBe(false);
    expect(roomExtraInputSchema.safeParse({ name: 'Night', pre: false, post: false }).success).toBe(false);
    expect(roomExtraInputSchema.safeParse({ name: 'Night', pre: false, post: true }).success).toBe(true);
  });
});

describe('null conversions on save', () => {
  it.each([
    [12, 12],
    [0, 0],
    ['12', 12],
    [' 2.5 ', 2.5],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['12abc', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [true, null],
  ])('reads %j as %j', (value, expected) => {
    expect(numberOrNull(value)).toBe(expected);
  });

  it('makes min and max pax null when they are not numeric', () => {
    expect(paxForSave({ min_pax: '', max_pax: 'x', bike_id: 3 })).toEqual({ min_pax: null, max_pax: null, bike_id: 3 });
    expect(paxForSave({ min_pax: '2', max_pax: 8 })).toEqual({ min_pax: 2, max_pax: 8 });
    const parsed = partyExtraInputSchema.parse({ variations: [{ min_pax: 'two', max_pax: '4' }] });
    expect(parsed.variations[0]).toMatchObject({ min_pax: null, max_pax: 4 });
  });

  it('makes empty or non-numeric percent, cost, input and output fields of a reduction null, and leaves the others', () => {
    const row = {
      order: 3,
      percent: '',
      cost: 'free',
      input_quantity: '2',
      input_min: 'adult',
      input_max: null,
      output_quantity: undefined,
      output_min: '0',
      output_max: '5',
      room_type_id: 7,
    };
    expect(reductionNumbersForSave(row)).toEqual({
      order: 3,
      percent: null,
      cost: null,
      input_quantity: 2,
      input_min: null,
      input_max: null,
      output_quantity: null,
      output_min: 0,
      output_max: 5,
      room_type_id: 7,
    });
    expect(reductionInputSchema.parse({ percent: 'x', cost: '', output_min: '6' })).toMatchObject({ percent: null, cost: null, output_min: 6 });
  });

  it('still refuses numbers out of range and values of the wrong kind', () => {
    expect(reductionInputSchema.safeParse({ percent: 101 }).success).toBe(false);
    expect(reductionInputSchema.safeParse({ input_min: 2.5 }).success).toBe(false);
    expect(reductionInputSchema.safeParse({ output_max: [5] }).success).toBe(false);
  });
});

describe('free-child reduction defaults', () => {
  it('starts a new reduction at percent 100 and output max age 5', () => {
    expect(FREE_CHILD_PERCENT).toBe(100);
    expect(FREE_CHILD_OUTPUT_MAX_AGE).toBe(5);
    expect(newFreeChildReduction(2)).toMatchObject({ order: 2, percent: 100, output_max: 5, output_min: null, cost: null });
  });

  it('fills them in on create only where they are left out', () => {
    expect(reductionCreateSchema.parse({ version: 1 })).toMatchObject({ percent: 100, output_max: 5 });
    expect(reductionCreateSchema.parse({ version: 1, percent: '', output_max: null })).toMatchObject({ percent: null, output_max: null });
    expect(reductionInputSchema.parse({})).toMatchObject({ percent: null, output_max: null });
  });
});

describe('Copy From', () => {
  it('asks with the wording of SPEC.md', () => {
    expect(copyConfirmation('reductions', 'Lake Constance', '2027')).toBe(
      'Are you sure you want to copy reductions data from Lake Constance season 2027 to this tour?',
    );
  });

  it('stages a copied row as new: without its id and season', () => {
    expect(asNewRow({ id: 4, tour_season_id: 9, percent: 100, output_max: 5 })).toEqual({ percent: 100, output_max: 5 });
  });

  const row = (formula: string | null, gross = 0, id?: number) => ({
    ...(id === undefined ? {} : { id }),
    formula,
    gross,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: null,
  });

  it('points references into the copied block at the copies, wherever they land', () => {
    const rows = [row(null, 100, 11), row('[0]+50', 0, 12), row('[1]*2+[0]', 0, 13)];
    const copied = copyPriceRows(rows, 0, 10);
    expect(copied.map((copy) => copy.formula)).toEqual([null, '[10]+50', '[11]*2+[10]']);
    expect(copied.every((copy) => !('id' in copy))).toBe(true);
  });

  it('keeps references to rows outside the block, and missing rows, as typed', () => {
    // The block is rows 2 and 3 of its grid: [2] and [3] follow it to 5 and 6; [0], [1] and [7] stay.
    const rows = [row('[7]+1'), row('[0]+[2]+[3]+[1]')];
    expect(copyPriceRows(rows, 2, 5).map((copy) => copy.formula)).toEqual(['[7]+1', '[0]+[5]+[6]+[1]']);
  });

  it('gives the copies the values of the originals', () => {
    const source = [row(null, 40), row(null, 100), row('[1]+[0]*2')];
    const target = [row(null, 1), row(null, 2), ...copyPriceRows(source, 0, 2)];
    expect(evaluateGrossColumn(target).slice(2)).toEqual(evaluateGrossColumn(source));
  });

  it('copies extras with their variations as new rows, each extra its own grid', () => {
    const extras = [
      {
        id: 5,
        tour_season_id: 9,
        name: 'Extra night',
        pre: true,
        post: false,
        variations: [
          { ...row(null, 80, 51), tour_room_extra_id: 5, net: 64, cost: 70, room_type_id: 1 },
          { ...row('[0]+10', 0, 52), tour_room_extra_id: 5, net: 72, cost: 79, room_type_id: 2 },
        ],
      },
    ];
    const [copy] = copyExtras(extras);
    expect(copy).toEqual({
      name: 'Extra night',
      pre: true,
      post: false,
      variations: [
        { formula: null, gross: 80, non_com: 0, adjustment: 0, markup_rate_id: null, net: 64, cost: 70, room_type_id: 1 },
        { formula: '[0]+10', gross: 0, non_com: 0, adjustment: 0, markup_rate_id: null, net: 72, cost: 79, room_type_id: 2 },
      ],
    });
    expect(extras[0].variations[0].id).toBe(51);
  });
});
