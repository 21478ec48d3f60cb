import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Takes one of the `limit` upload slots of a staff member, unless all are taken by uploads that
 * started after `abandonedBefore` (older rows are left by a process that died, and are deleted).
 * The member's row in users is locked while counting, so parallel uploads in any process queue
 * there. Answers the slots already taken when it refuses, or null when the slot is taken.
 */
export async function takeUploadSlot(
  db: Kysely<Database>,
  slot: { slotId: string; userId: number; now: Date; abandonedBefore: Date; limit: number },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', slot.userId).forNoKeyUpdate().execute();
    await trx.deleteFrom('upload_slots').where('user_id', '=', slot.userId).where('started_at', '<', slot.abandonedBefore).execute();
    const { taken } = await trx
      .selectFrom('upload_slots')
      .select((select) => select.fn.countAll<number>().as('taken'))
      .where('user_id', '=', slot.userId)
      .executeTakeFirstOrThrow();
    if (Number(taken) >= slot.limit) return Number(taken);
    await trx.insertInto('upload_slots').values({ slot_id: slot.slotId, user_id: slot.userId, started_at: slot.now }).execute();
    return null;
  });
}

export async function releaseUploadSlot(db: Kysely<Database>, slotId: string): Promise<void> {
  await db.deleteFrom('upload_slots').where('slot_id', '=', slotId).execute();
}
