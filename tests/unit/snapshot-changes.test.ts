import { describe, expect, it } from 'vitest';
import { snapshotChanges } from '../../src/domain/bookings/snapshot-changes';

describe('snapshotChanges', () => {
  it('lists the fields changed, added and removed between two snapshots, with before and after', () => {
    const older = JSON.stringify({ status: 'pending', customer: { email_address: 'ada@example.com', town: 'Leeds' }, party: [{ first_name: 'Ada' }] });
    const newer = JSON.stringify({
      status: 'deposit-paid',
      customer: { email_address: 'ada@example.com' },
      party: [{ first_name: 'Ada' }, { first_name: 'Charles' }],
    });
    expect(snapshotChanges(older, newer)).toEqual([
      { path: 'status', kind: 'changed', before: '"pending"', after: '"deposit-paid"' },
      { path: 'party.1.first_name', kind: 'added', after: '"Charles"' },
      { path: 'customer.town', kind: 'removed', before: '"Leeds"' },
    ]);
  });

  it('finds nothing between equal snapshots, and gives up on text that is not JSON', () => {
    const same = JSON.stringify({ total_cost: 1800, comments: null });
    expect(snapshotChanges(same, same)).toEqual([]);
    expect(snapshotChanges('imported: no details kept', same)).toBeNull();
  });

  it('tells a number from the same digits as text', () => {
    expect(snapshotChanges(JSON.stringify({ total: 10 }), JSON.stringify({ total: '10' }))).toEqual([
      { path: 'total', kind: 'changed', before: '10', after: '"10"' },
    ]);
  });
});
