import type { Booking } from './booking-schema.js';

/** One field that differs between two snapshots, by its path (`customer.email_address`, `party.1.first_name`). */
export type SnapshotChange = { path: string; kind: 'added' | 'removed' | 'changed'; before?: string; after?: string };

/** Most fields listed for one snapshot: a larger difference is summarised by its count. */
export const SNAPSHOT_CHANGES_SHOWN = 200;

type Flat = Map<string, string>;

/** Leaves of a JSON value by path; objects and arrays are walked, everything else is a value. */
function flatten(value: unknown, path: string, into: Flat, depth: number): void {
  if (value !== null && typeof value === 'object' && depth < 20) {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    if (entries.length === 0) into.set(path, Array.isArray(value) ? '[]' : '{}');
    for (const [key, child] of entries) flatten(child, path ? `${path}.${key}` : key, into, depth + 1);
    return;
  }
  // As JSON, so text keeps its quotes and '10' differs from 10.
  into.set(path, JSON.stringify(value));
}

function parse(text: string): Flat | null {
  try {
    const flat: Flat = new Map();
    flatten(JSON.parse(text) as unknown, '', flat, 0);
    return flat;
  } catch {
    return null;
  }
}

/**
 * What changed from an older snapshot to a newer one: fields added, removed and changed, with
 * their before and after values, in the newer snapshot's field order (removed fields last).
 * Null when either snapshot is not JSON (an imported text): then only the raw text can be shown.
 */
export function snapshotChanges(older: string, newer: string): SnapshotChange[] | null {
  const before = parse(older);
  const after = parse(newer);
  if (!before || !after) return null;
  const changes: SnapshotChange[] = [];
  for (const [path, value] of after) {
    const old = before.get(path);
    if (old === undefined) changes.push({ path, kind: 'added', after: value });
    else if (old !== value) changes.push({ path, kind: 'changed', before: old, after: value });
  }
  for (const [path, value] of before) if (!after.has(path)) changes.push({ path, kind: 'removed', before: value });
  return changes;
}

/**
 * A booking as its snapshot keeps it: everything but the choices listed around it (the tour's
 * bikes). The server stores one before each save; the history compares the newest with the
 * booking as it is now, made the same way, so the latest save shows too.
 */
export function bookingSnapshotText(booking: Booking): string {
  const { tour_bikes: _choices, ...kept } = booking;
  return JSON.stringify(kept);
}
