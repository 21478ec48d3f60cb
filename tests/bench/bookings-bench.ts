// The booking list on the large demo data (50,000 bookings): how long the server takes to answer
// `GET bookings?page=&page_size=50[&search=][&status=]` over real HTTP, for the first page, deep
// pages, a status filter and searches by name, reference and tour (alone and with a status).
// The server runs as `npm start` runs it, on a copy of the cached large data folder. Each
// request is asked twice to warm up, then RUNS times; "engine ms" is the median answer time,
// "plain ms" the server process's CPU time per answer (what the answer costs, whatever else the
// machine is doing: on a busy machine the answer time is mostly waiting for a core). When quick:
// the demo data (500 bookings) and 3 runs.

import { cpus, loadavg } from 'node:os';
import type { BookingListItem, BookingPage } from '../../src/domain/bookings/booking-list-schema.js';
import { benchData, type BenchOptions } from './bench-options.js';
import type { BenchRow } from './bench-table.js';
import { benchApiCaller, median, startBenchServer } from './bench-server.js';

const RUNS = { full: 21, quick: 3 };
const PAGE_SIZE = 50;
const TARGET = '< 100 ms';

type Probe = {
  name: string;
  query: Record<string, string | number>;
  /** What the answer must hold, so a fast wrong answer fails the run. */ check: (page: BookingPage) => boolean;
};

/** The word of a name or tour that finds it, as staff would type it. */
const firstWord = (text: string) => text.split(/[^\p{L}\p{N}]+/u).find((word) => word.length >= 4) ?? text;

function probes(sample: BookingListItem, total: number): Probe[] {
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const tourWord = firstWord(sample.tour_name);
  const yearPrefix = sample.booking_reference.split('-').slice(0, 2).join('-');
  const lowered = (text: string) => text.toLowerCase();
  return [
    { name: 'first page', query: { page: 1 }, check: (page) => page.results.length === PAGE_SIZE && page.total === total },
    {
      name: `page ${Math.floor(lastPage / 2).toLocaleString('en-GB')} of ${lastPage.toLocaleString('en-GB')}`,
      query: { page: Math.floor(lastPage / 2) },
      check: (page) => page.results.length === PAGE_SIZE,
    },
    { name: `last page (${lastPage.toLocaleString('en-GB')})`, query: { page: lastPage }, check: (page) => page.results.length > 0 },
    { name: `status ${sample.status}`, query: { page: 1, status: sample.status }, check: (page) => page.results.every((row) => row.status === sample.status) },
    {
      name: `search by last name "${sample.last_name}"`,
      query: { page: 1, search: sample.last_name },
      check: (page) => page.results.some((row) => row.id === sample.id) || page.total > PAGE_SIZE,
    },
    {
      name: `search by full name "${sample.first_name} ${sample.last_name}"`,
      query: { page: 1, search: `${sample.first_name} ${sample.last_name}` },
      check: (page) => page.results.every((row) => lowered(`${row.first_name} ${row.last_name}`).includes(lowered(sample.last_name))),
    },
    {
      name: 'search by reference',
      query: { page: 1, search: sample.booking_reference },
      check: (page) => page.results.length === 1 && page.results[0].id === sample.id,
    },
    {
      name: 'search by reference prefix (year)',
      query: { page: 1, search: yearPrefix },
      // A full page on the large data; the demo data's 500 bookings may have fewer in a year.
      check: (page) =>
        page.total > 0 && page.results.length === Math.min(PAGE_SIZE, page.total) && page.results.every((row) => row.booking_reference.startsWith(yearPrefix)),
    },
    {
      name: `search by tour "${tourWord}"`,
      query: { page: 1, search: tourWord },
      check: (page) => page.results.length > 0 && page.results.every((row) => lowered(row.tour_name).includes(lowered(tourWord))),
    },
    { name: `search by tour "${tourWord}", page 10`, query: { page: 10, search: tourWord }, check: () => true },
    {
      name: `search by tour "${tourWord}" + status ${sample.status}`,
      query: { page: 1, search: tourWord, status: sample.status },
      check: (page) => page.results.every((row) => row.status === sample.status),
    },
    { name: 'search with no match', query: { page: 1, search: 'zzqxnomatch' }, check: (page) => page.total === 0 },
  ];
}

export async function runBookingsBench(options: BenchOptions): Promise<BenchRow[]> {
  const { log } = options;
  const runs = RUNS[options.size];
  const data = await benchData(options);
  const server = await startBenchServer({ dataDir: data.dataDir, apiOnly: true });
  try {
    // Every answer measured is read from the database; the last row shows what the read cache gives.
    const call = await benchApiCaller(server, { fromDatabase: true });
    const first = await call<BookingPage>('GET', `bookings?page=1&page_size=${PAGE_SIZE}`);
    log(
      `${first.total.toLocaleString('en-GB')} bookings; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} on ${cpus().length} cores.`,
    );
    // A booking from well inside the first page, as the browser test picks one.
    const sample = first.results[7];
    const rows: BenchRow[] = [];
    for (const probe of probes(sample, first.total)) {
      const route = `bookings?${new URLSearchParams(Object.entries({ page_size: PAGE_SIZE, ...probe.query }).map(([key, value]) => [key, String(value)]))}`;
      const times: number[] = [];
      let answer: BookingPage | null = null;
      let cpuBefore: number | null = null;
      for (let run = 0; run < runs + 2; run++) {
        if (run === 2) cpuBefore = server.cpuMs();
        const started = performance.now();
        answer = await call<BookingPage>('GET', route);
        if (run >= 2) times.push(performance.now() - started);
      }
      const cpuAfter = server.cpuMs();
      const cpuPerAnswer = cpuBefore === null || cpuAfter === null ? Number.NaN : (cpuAfter - cpuBefore) / runs;
      if (!answer || !probe.check(answer)) throw new Error(`Unexpected answer to ${route}: ${JSON.stringify(answer).slice(0, 300)}`);
      const matches = probe.query.search || probe.query.status ? ` (${answer.total.toLocaleString('en-GB')}${answer.total_capped ? '+' : ''} matches)` : '';
      rows.push({
        name: `bookings: ${probe.name}${matches} (compared: server CPU)`,
        ms: median(times),
        comparedMs: cpuPerAnswer,
        ratio: median(times) / cpuPerAnswer,
        target: TARGET,
      });
    }
    const cached = await benchApiCaller(server);
    const firstPage = `bookings?page=1&page_size=${PAGE_SIZE}`;
    await cached('GET', firstPage);
    const hits: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await cached('GET', firstPage);
      hits.push(performance.now() - started);
    }
    rows.push({
      name: 'bookings: first page again, from the read cache (compared: from the database)',
      ms: median(hits),
      comparedMs: rows[0].ms,
      ratio: median(hits) / rows[0].ms,
      target: TARGET,
    });
    return rows;
  } finally {
    await server.stop();
    data.remove();
  }
}
