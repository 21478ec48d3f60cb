import { describe, expect, it } from 'vitest';
import { RECORD_KINDS, referenceRecordKind } from '../../src/domain/record-kinds.js';
import { REFERENCE_RESOURCES } from '../../src/domain/reference/reference-resources.js';

describe('record kinds', () => {
  it('name a kind with "Last changed by" for every reference resource', () => {
    const kinds = REFERENCE_RESOURCES.map((resource) => referenceRecordKind(resource.key));
    expect(kinds.filter((kind) => !RECORD_KINDS.includes(kind))).toEqual([]);
    expect(referenceRecordKind('room-types')).toBe('room_types');
  });
});
