import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { BookingListItem } from '../../src/domain/bookings/booking-list-schema.js';
import type { ChangeSet, ChangeSetSummary } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { TourListItem } from '../../src/domain/tours/tour-list-schema.js';
import { openDatabase } from '../../src/server/db/database.js';
import { HISTORY_PAGE } from '../../src/server/pricing/read-price-history.js';
import { inconsistentHistory } from '../helpers/price-history-consistency.js';
import { recordFigures } from '../helpers/report-figures.js';
import { logIn, startServer, type ServerProcess } from '../helpers/server-process.js';
import { createServerDatabase, type ServerDatabase, type StressEngine } from '../helpers/stress-databases.js';
import {
  bookingStateOf,
  PAYMENT_PREFIX,
  priceStateOf,
  type JournalLine,
  type Lane,
  type PaymentRecord,
  type WriterConfig,
} from '../helpers/write-workloads.js';

type Tally = {
  cycles: number;
  acknowledged: number;
  inFlightAtKill: number;
  inFlightCommitted: number;
  inFlightRolledBack: number;
  killDelaysMs: number[];
  restartMs: number[];
  /** Change sets checked against the saves that committed, and price rows against their latest change. */
  changeSetsChecked: number;
  rowsWithHistoryChecked: number;
};

/**
 * Starts the real server, lets a second process write through the API, kills the server with
 * SIGKILL at a random moment, restarts it and checks every acknowledged write is there, intact,
 * and every multi-row save is all of one save or all of the one before: `cycles` times.
 */
export function describeCrashRecovery(engine: StressEngine, cycles: number) {
  describe(`crash recovery on ${engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`, () => {
    let database: ServerDatabase;
    let server: ServerProcess | null = null;
    let authorization: string;
    let lanes: Lane[];
    const payments = new Map<string, PaymentRecord>();
    const tally: Tally = {
      cycles: 0,
      acknowledged: 0,
      inFlightAtKill: 0,
      inFlightCommitted: 0,
      inFlightRolledBack: 0,
      killDelaysMs: [],
      restartMs: [],
      changeSetsChecked: 0,
      rowsWithHistoryChecked: 0,
    };
    /** Per price lane: its season's change sets before the first write, plus one per save that committed since. */
    const expectedSets = new Map<number, number>();

    const start = () => startServer({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const api = async <T>(url: string): Promise<T> => {
      const response = await fetch(`${server!.baseUrl}/api/v1/${url}`, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    beforeAll(async () => {
      database = await createServerDatabase(engine, 'crash-recovery');
      server = await start();
      authorization = await logIn(server.baseUrl);
      lanes = await chooseLanes();
      for (const [index, lane] of lanes.entries()) if (lane.kind === 'prices') expectedSets.set(index, (await seasonSets(lane)).length);
    }, 600_000);

    afterAll(async () => {
      await server?.stop('SIGTERM');
      await database?.drop();
    }, 120_000);

    /** Every change set of a price lane's season, newest first. */
    async function seasonSets(lane: Extract<Lane, { kind: 'prices' }>): Promise<ChangeSetSummary[]> {
      const sets: ChangeSetSummary[] = [];
      for (let page = 1; ; page++) {
        const batch = await api<ChangeSetSummary[]>(`price-history/${lane.tourId}/${lane.seasonId}?page=${page}`);
        sets.push(...batch);
        if (batch.length < HISTORY_PAGE) return sets;
      }
    }

    /**
     * The price history after the crash (issue 22): one change set per save that committed, none
     * for the save in flight unless it committed, and the newest set's after is what is stored.
     */
    async function verifyHistory(index: number, lane: Extract<Lane, { kind: 'prices' }>, committed: number, stored: SeasonPricing) {
      const expected = expectedSets.get(index)! + committed;
      expectedSets.set(index, expected);
      const sets = await seasonSets(lane);
      expect(sets.length, `lane ${index}: change sets of ${committed} committed saves`).toBe(expected);
      tally.changeSetsChecked += committed;
      if (committed === 0) return;
      const newest = await api<ChangeSet>(`price-history/${lane.tourId}/${lane.seasonId}/sets/${sets[0].id}`);
      const storedPrices = new Map(stored.categories.flatMap((category) => category.prices).map((price) => [price.id, price]));
      const after = newest.changes.flatMap((change) => (change.after === null ? [] : [[change.row_id, change.after] as const]));
      expect(
        after.map(([id, snapshot]) => [id, 'gross' in snapshot ? snapshot.gross : null]),
        `lane ${index}: the newest change set is the stored save`,
      ).toEqual(after.map(([id]) => [id, storedPrices.get(id)?.gross ?? 'not stored']));
      expect(after.length, `lane ${index}: the newest change set wrote every stored price`).toBe(storedPrices.size);
    }

    async function chooseLanes(): Promise<Lane[]> {
      const priceLanes: Lane[] = [];
      for (const tour of await api<TourListItem[]>('tours/all')) {
        for (const season of tour.seasons) {
          const pricing = await api<SeasonPricing>(`tour-pricing/${tour.id}/${season.season_id}`);
          const sample = pricing.categories.flatMap((category) => category.prices)[0];
          if (sample && priceLanes.length < 2) {
            priceLanes.push({
              kind: 'prices',
              tourId: tour.id,
              seasonId: season.season_id,
              roomTypeId: sample.room_type_id,
              markupRateId: sample.markup_rate_id,
            });
          }
        }
        if (priceLanes.length === 2) break;
      }
      const bookings = (await api<{ results: BookingListItem[] }>('bookings?page=1&page_size=20')).results;
      const withParty: number[] = [];
      for (const booking of bookings) if ((await api<Booking>(`bookings/${booking.id}`)).party.length) withParty.push(booking.id);
      expect(priceLanes).toHaveLength(2);
      expect(withParty.length).toBeGreaterThanOrEqual(2);
      return [...priceLanes, { kind: 'booking', bookingId: withParty[0] }, { kind: 'payments', bookingId: withParty[1] }];
    }

    /** Runs the writer until the server is killed; returns its journal. */
    async function writeUntilKilled(cycle: number): Promise<JournalLine[]> {
      const journal = path.join(database.dataDir, `..`, `${path.basename(database.dataDir)}-journal-${cycle}.jsonl`);
      const configFile = `${journal}.config.json`;
      const config: WriterConfig = { baseUrl: server!.baseUrl, authorization, journal, lanes, firstSave: cycle * 100_000 };
      writeFileSync(journal, '');
      writeFileSync(configFile, JSON.stringify(config));
      const writer = spawn(process.execPath, ['--import', 'tsx', 'tests/stress/crash-writer.ts', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
      let writerOutput = '';
      writer.stdout.on('data', (chunk: Buffer) => (writerOutput += chunk.toString()));
      writer.stderr.on('data', (chunk: Buffer) => (writerOutput += chunk.toString()));
      const writerExit = new Promise<number | null>((resolve) => writer.once('exit', (code) => resolve(code)));

      // Kill at a random moment: after a random number of acknowledged writes (so every cycle
      // gets somewhere however slow the machine), one of them a price save at least (the history
      // check after the crash needs one: a run of one cycle once killed before any, by chance),
      // plus a random fraction of a save.
      const acksBeforeKill = 1 + Math.floor(Math.random() * 10);
      const priceLanes = new Set(lanes.flatMap((lane, index) => (lane.kind === 'prices' ? [index] : [])));
      // Whole lines only: the writer may be halfway through the last one.
      const ackedLanes = () =>
        readFileSync(journal, 'utf8')
          .split('\n')
          .slice(0, -1)
          .filter((line) => line.includes('"op":"ack"'))
          .map((line) => (JSON.parse(line) as JournalLine).lane);
      const readyToKill = () => {
        const acked = ackedLanes();
        return acked.length >= acksBeforeKill && (priceLanes.size === 0 || acked.some((lane) => priceLanes.has(lane)));
      };
      for (let waited = 0; !readyToKill(); waited += 20) {
        if (writer.exitCode !== null) throw new Error(`The writer stopped before the kill:\n${writerOutput}`);
        if (waited > 300_000) throw new Error(`The writer did not get ${acksBeforeKill} writes acknowledged:\n${writerOutput}\n${server!.output()}`);
        await sleep(20);
      }
      const delay = Math.floor(Math.random() * 250);
      await sleep(delay);
      tally.killDelaysMs.push(delay);
      await server!.stop('SIGKILL');
      server = null;
      const code = await writerExit;
      expect(code, `the writer failed:\n${writerOutput}`).toBe(0);
      return readFileSync(journal, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as JournalLine);
    }

    async function verify(journal: JournalLine[]) {
      for (const [index, lane] of lanes.entries()) {
        const lines = journal.filter((line) => line.lane === index);
        const refused = lines.find((line) => line.op === 'refused');
        expect(refused, `lane ${index} was refused a write`).toBeUndefined();
        const acks = lines.filter((line) => line.op === 'ack');
        const sends = lines.filter((line) => line.op === 'send');
        tally.acknowledged += acks.length;
        for (const ack of acks) {
          const sent = sends.find((send) => send.n === ack.n)!;
          if (lane.kind !== 'payments') expect(ack.state, `the answer to save ${ack.n} is what was sent`).toEqual(sent.expect);
        }
        const lastSend = sends.at(-1);
        const inFlight = lastSend && !acks.some((ack) => ack.n === lastSend.n) ? lastSend : null;
        if (inFlight) tally.inFlightAtKill += 1;

        if (lane.kind === 'payments') {
          for (const ack of acks) payments.set((ack.state as PaymentRecord).tx_code, ack.state as PaymentRecord);
          const stored = (await api<Booking>(`bookings/${lane.bookingId}`)).payments.filter((payment) => payment.tx_code.startsWith(PAYMENT_PREFIX));
          const storedCodes = new Map(stored.map((payment) => [payment.tx_code, payment]));
          for (const record of payments.values()) {
            expect(storedCodes.get(record.tx_code), `acknowledged payment ${record.tx_code}`).toMatchObject({ id: record.id, amount: record.amount });
          }
          const unacknowledged = stored.filter((payment) => !payments.has(payment.tx_code));
          const inFlightRecord = inFlight?.op === 'send' ? (inFlight.expect as PaymentRecord) : null;
          expect(
            unacknowledged.map((payment) => payment.tx_code),
            'payments nobody was told about',
          ).toEqual(inFlightRecord && unacknowledged.length ? [inFlightRecord.tx_code] : []);
          if (inFlightRecord) {
            const committed = unacknowledged[0];
            if (committed) {
              expect(committed.amount).toBe(inFlightRecord.amount);
              payments.set(committed.tx_code, { ...inFlightRecord, id: committed.id });
              tally.inFlightCommitted += 1;
            } else tally.inFlightRolledBack += 1;
          }
          continue;
        }

        const started = lines.find((line) => line.op === 'start');
        if (!started) continue; // killed before this lane read anything
        const acknowledged = acks.at(-1)?.state ?? started.state;
        const pricing = lane.kind === 'prices' ? await api<SeasonPricing>(`tour-pricing/${lane.tourId}/${lane.seasonId}`) : null;
        const actual =
          lane.kind === 'prices'
            ? priceStateOf(pricing!)
            : bookingStateOf(await api<Booking>(`bookings/${lane.bookingId}`), (await api<unknown[]>(`bookings/${lane.bookingId}/snapshot`)).length);
        const candidates = [acknowledged, ...(inFlight?.op === 'send' ? [inFlight.expect] : [])];
        const matched = candidates.findIndex((candidate) => JSON.stringify(candidate) === JSON.stringify(actual));
        expect(
          matched,
          `lane ${index} (${lane.kind}) after the crash:\n${JSON.stringify(actual)}\nis neither the last acknowledged ` +
            `save nor the one in flight:\n${candidates.map((candidate) => JSON.stringify(candidate)).join('\n')}`,
        ).toBeGreaterThanOrEqual(0);
        if (inFlight) {
          if (matched === 1) tally.inFlightCommitted += 1;
          else tally.inFlightRolledBack += 1;
        }
        if (lane.kind === 'prices' && pricing) await verifyHistory(index, lane, acks.length + (inFlight && matched === 1 ? 1 : 0), pricing);
      }
    }

    it(
      `keeps every acknowledged write through ${cycles} kills`,
      async () => {
        for (let cycle = 1; cycle <= cycles; cycle++) {
          const journal = await writeUntilKilled(cycle);
          const restarting = performance.now();
          server = await start();
          tally.restartMs.push(Math.round(performance.now() - restarting));
          await verify(journal);
          tally.cycles += 1;
        }
        // Each cycle kills only after at least one acknowledged write.
        expect(tally.acknowledged).toBeGreaterThanOrEqual(cycles);
      },
      cycles * 120_000 + 60_000,
    );

    it('leaves the derived booking tables in step with the bookings', async () => {
      await server?.stop('SIGTERM');
      server = null;
      const handle = database.databaseUrl
        ? await openDatabase({ kind: 'postgres', url: database.databaseUrl })
        : await openDatabase({ kind: 'embedded', dataDir: database.dataDir });
      try {
        const mismatched = await sql<{ status: string }>`
          SELECT coalesce(b.status, c.status) AS status FROM (SELECT status, count(*)::int AS n FROM bookings GROUP BY status) b
          FULL JOIN booking_status_counts c ON c.status = b.status WHERE coalesce(b.n, 0) <> coalesce(c.bookings, 0)`.execute(handle.db);
        expect(mismatched.rows).toEqual([]);
        const search = await sql<{ missing: number; extra: number }>`
          SELECT (SELECT count(*)::int FROM bookings b
                  WHERE NOT EXISTS (SELECT 1 FROM booking_search s WHERE s.booking_id = b.id AND s.status = b.status)) AS missing,
                 (SELECT count(*)::int FROM booking_search) - (SELECT count(*)::int FROM bookings) AS extra`.execute(handle.db);
        expect(search.rows[0]).toEqual({ missing: 0, extra: 0 });
        const strayPrices = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM tour_prices p JOIN tour_pricing_categories c ON c.id = p.tour_pricing_category_id
          WHERE c.tour_season_id <> p.tour_season_id`.execute(handle.db);
        expect(strayPrices.rows[0].n).toBe(0);
        // Every season's history ends in its stored prices: each row's latest change has the row's values.
        const history = await inconsistentHistory(handle.db);
        expect(history.problems).toEqual([]);
        tally.rowsWithHistoryChecked = history.rowsChecked;
        expect(history.rowsChecked).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
      const sorted = [...tally.restartMs].sort((a, b) => a - b);
      recordFigures(
        'crash-recovery',
        {
          cycles: tally.cycles,
          acknowledgedWrites: tally.acknowledged,
          acknowledgedWritesLost: 0,
          inFlightAtKill: tally.inFlightAtKill,
          inFlightCommitted: tally.inFlightCommitted,
          inFlightRolledBack: tally.inFlightRolledBack,
          killMoment: `after 1-10 acknowledged writes (a price save among them) + ${Math.min(...tally.killDelaysMs)}-${Math.max(...tally.killDelaysMs)} ms`,
          restartMedianMs: sorted[Math.floor(sorted.length / 2)],
          restartMaxMs: sorted.at(-1),
          lanes: lanes.map((lane) => lane.kind).join(', '),
          changeSetsChecked: tally.changeSetsChecked,
          rowsWithHistoryChecked: tally.rowsWithHistoryChecked,
        },
        engine,
      );
      expect(existsSync(database.dataDir)).toBe(true);
    }, 120_000);
  });
}
