import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { PRESENCE_LIST_LIMIT, type ChangeEvent, type StreamEvent } from '../../domain/contract/presence.js';
import type { PriceRowKind } from '../../domain/pricing/price-history.js';
import {
  deletePresence,
  insertPresence,
  latestChangeSetIn,
  listChangeSetsAfter,
  listOthersPresent,
  touchPresence,
  type ChangeScope,
} from '../db/repositories/presence-repository.js';
import type { Database } from '../db/schema.js';

/** How often a stream reads the database, refreshes its row, and sends a comment to keep proxies from closing it. */
export type PresenceTimings = { pollMs: number; refreshMs: number; heartbeatMs: number };
export const PRESENCE_TIMINGS: PresenceTimings = { pollMs: 1000, refreshMs: 3000, heartbeatMs: 15_000 };

/** Change sets one poll announces at most; a bigger burst is told over the next polls. */
const CHANGES_PER_POLL = 20;

export type PresenceStreamOptions = {
  db: Kysely<Database>;
  userId: number;
  /** The row's `place`: 'season:{tour season id}' or 'pgt:{season id}'. */
  place: string;
  scope: ChangeScope;
  timings: PresenceTimings;
  /** Whether the stream's session may still be used; a stream whose session ended stops. */
  sessionLive: () => Promise<boolean>;
  onError: (error: unknown) => void;
};

export type PresenceStream = {
  /** The Server-Sent Events body to send. */
  body: PassThrough;
  /** Stops the timers, ends the body and deletes the stream's row; safe to call more than once. */
  end: () => Promise<void>;
};

const eventText = (event: StreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * Change set ids come from a sequence as a save starts writing, and saves commit in any order: a
 * set with a lower id can become visible after a higher one was announced (a long rates change
 * and a quick season save). So a stream reads from the highest id it had seen LATE_COMMIT_MS ago,
 * not from the highest it has seen, and skips the ids it has announced since.
 */
const LATE_COMMIT_MS = 60_000;

export function createChangeSetWatermark(start: number, lateCommitMs = LATE_COMMIT_MS) {
  let floor = start;
  const seen = new Set<number>();
  // The highest id seen at each poll, oldest first: one LATE_COMMIT_MS old becomes the floor.
  const marks: { id: number; at: number }[] = [];
  return {
    /** Nothing at or below it is announced again, nor read again. */
    floor: () => floor,
    /** Ids above the floor already announced: a read asks for this many more. */
    pending: () => seen.size,
    /** True the first time an id above the floor is seen. */
    firstSight: (id: number) => {
      if (id <= floor || seen.has(id)) return false;
      seen.add(id);
      return true;
    },
    /** After a poll at `now`: marks the highest id seen, and moves the floor up to what is old enough. */
    settle: (now: number) => {
      marks.push({ id: Math.max(floor, ...seen), at: now });
      while (marks.length > 0 && marks[0].at <= now - lateCommitMs) floor = Math.max(floor, marks.shift()!.id);
      for (const id of seen) if (id <= floor) seen.delete(id);
    },
  };
}

/**
 * Opens one browser tab's stream on a season: its row in stream_presence, then a poll of the
 * database about once a second that sends who else is present when that changes, and each change
 * set of the season saved by someone else since the stream opened. Everything is read from the
 * database, never from this process's memory, so streams served by different processes see each
 * other. Polls never overlap: a slow one delays the next.
 */
export async function openPresenceStream(options: PresenceStreamOptions): Promise<PresenceStream> {
  const { db, userId, place, scope, timings } = options;
  const streamId = randomUUID();
  // The first change set announced is the first saved after the stream opened.
  const changeSets = createChangeSetWatermark(await latestChangeSetIn(db, scope));
  await insertPresence(db, { streamId, userId, place });

  const body = new PassThrough();
  let ended = false;
  let lastOthers: string | null = null;
  let lastRefresh = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), timings.heartbeatMs);

  const end = async () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    body.end();
    await deletePresence(db, streamId).catch(options.onError);
  };

  const poll = async () => {
    if (Date.now() - lastRefresh >= timings.refreshMs) {
      lastRefresh = Date.now();
      if (!(await options.sessionLive())) return end();
      await touchPresence(db, streamId);
    }
    const others = await listOthersPresent(db, place, userId, PRESENCE_LIST_LIMIT);
    const key = JSON.stringify(others);
    if (key !== lastOthers && !ended) {
      lastOthers = key;
      body.write(eventText({ type: 'presence', others }));
    }
    const sets = await listChangeSetsAfter(db, scope, changeSets.floor(), CHANGES_PER_POLL + changeSets.pending());
    for (const set of sets) {
      if (!changeSets.firstSight(set.id)) continue;
      // One's own saves need no notice: the save's own answer already put them in the grid.
      if (set.user_id === userId || ended) continue;
      const event: ChangeEvent = {
        type: 'change',
        change_set_id: set.id,
        author: set.author,
        created_at: set.created_at.toISOString(),
        source: set.source,
        rows: Number(set.rows),
        kinds: set.kinds as PriceRowKind[],
      };
      body.write(eventText(event));
    }
  };

  const next = () => {
    changeSets.settle(Date.now());
    if (ended) return;
    timer = setTimeout(() => {
      poll().then(next, (error: unknown) => {
        options.onError(error);
        void end();
      });
    }, timings.pollMs);
  };
  // The first presence event goes out at once: the tab shows who is here without waiting a poll.
  poll().then(next, (error: unknown) => {
    options.onError(error);
    void end();
  });
  return { body, end };
}
