import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

const GATE_ID = 1;

/**
 * Takes the publish gate at `now` unless a publish is running (one that started after
 * `abandonedBefore`) or the last publish was after `publishedBefore`. One statement: of parallel
 * callers, in any process, the row lock lets one through. Answers whether the gate was taken.
 */
export async function takePublishGate(db: Kysely<Database>, now: Date, abandonedBefore: Date, publishedBefore: Date): Promise<boolean> {
  const taken = await db
    .insertInto('publish_gate')
    .values({ id: GATE_ID, running_since: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ running_since: now })
        .where((where) =>
          where.and([
            where.or([where('publish_gate.running_since', 'is', null), where('publish_gate.running_since', '<', abandonedBefore)]),
            where.or([where('publish_gate.last_published_at', 'is', null), where('publish_gate.last_published_at', '<=', publishedBefore)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The gate as it stands, for the message of a refusal. */
export function readPublishGate(db: Kysely<Database>) {
  return db.selectFrom('publish_gate').select(['running_since', 'last_published_at']).where('id', '=', GATE_ID).executeTakeFirst();
}

/** Gives back the gate taken at `since`; a publish that reached the build service counts from then. */
export async function leavePublishGate(db: Kysely<Database>, since: Date, published: boolean): Promise<void> {
  await db
    .updateTable('publish_gate')
    .set((set) => ({ running_since: null, last_published_at: published ? since : set.ref('last_published_at') }))
    .where('id', '=', GATE_ID)
    .where('running_since', '=', since)
    .execute();
}
