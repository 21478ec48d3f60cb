import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadavg } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainThreadCpuMs } from '../helpers/latency-during-attack.js';
import { heavyPng, multipartBody } from '../helpers/media-test-data.js';
import { recordFigures } from '../helpers/report-figures.js';
import { logIn, startServer, type ServerProcess } from '../helpers/server-process.js';

// Issue 19 items 6 and 8, under load: the real server (as npm start runs it, embedded database)
// while 3 clients upload heavy pictures, then while 3 clients post deeply nested rich text. A
// cheap authenticated GET is timed all along and reported (it was seconds: a 16-bit 7000 x 7000
// PNG held a core for 1.6 s, 60,000 nested list items the one thread for 4 s). What is asserted is
// the CPU time the server's main thread spends per hostile request, under 100 ms: the read's p99
// also measures the machine (a garbage collection or a busy neighbour adds 50-100 ms), the main
// thread's CPU time does not.

const P99_TARGET_MS = 100;
const MAIN_THREAD_CPU_LIMIT_MS = 100;
const PHASE_MS = 2_000;
// A data folder the server has already migrated and filled with demo data once: a fresh one
// takes 10 to 20 s to seed, a copy of this one 2 to 4 s to open (later migrations still run).
const SEEDED = path.resolve('.tmp', 'hostile-load-data');

async function seededDataDir(target: string) {
  if (!existsSync(SEEDED)) {
    const fresh = `${SEEDED}.part-${process.pid}`;
    const seeding = await startServer({ dataDir: fresh });
    await seeding.stop();
    renameSync(fresh, SEEDED);
  }
  cpSync(SEEDED, target, { recursive: true });
  return target;
}

let folder: string;
let server: ServerProcess;
let authorization: string;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  const started = performance.now();
  folder = mkdtempSync(path.join(tmpdir(), 'hostile-load-'));
  const dataDir = await seededDataDir(path.join(folder, 'data'));
  [server] = await Promise.all([startServer({ dataDir, env: { MEDIA_UPLOADS_PER_USER: '3' } }), heavyPng(), heavyPng(3000, 3000)]);
  authorization = await logIn(server.baseUrl);
  figures.serverStartSeconds = Math.round((performance.now() - started) / 100) / 10;
}, 120_000);

afterAll(async () => {
  recordFigures('hostile-load', figures);
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

/** Times GET server-info back to back until `done` resolves; answers p50, p99 and max in ms. */
async function probeWhile(done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/v1/server-info`, { headers: { authorization } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET server-info answered ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const sorted = times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { requests: sorted.length, p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)), maxMs: round(sorted[sorted.length - 1]) };
}

type Phase = Awaited<ReturnType<typeof probeWhile>> & { answers: Record<string, number>; mainThreadCpuMsPerRequest: number };

/** The read's latency while `hostile` runs, its answers, and the server main thread's CPU time per hostile request (probes' share included). */
async function measurePhase(hostile: Promise<Record<string, number>>): Promise<Phase> {
  const cpuBefore = mainThreadCpuMs(server.child.pid!);
  const latency = await probeWhile(hostile);
  const answers = await hostile;
  const requests = Object.values(answers).reduce((sum, count) => sum + count, 0);
  const cpuPerRequest = (mainThreadCpuMs(server.child.pid!) - cpuBefore) / Math.max(1, requests);
  return { ...latency, answers, mainThreadCpuMsPerRequest: Math.round(cpuPerRequest * 10) / 10 };
}

/** Runs `send` in a loop on `clients` clients for PHASE_MS, `pauseMs` apart; counts the answers by status. */
async function attack(clients: number, send: () => Promise<Response>, pauseMs = 0) {
  const statuses: Record<string, number> = {};
  const until = Date.now() + PHASE_MS;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const response = await send();
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }),
  );
  return statuses;
}

describe("hostile uploads and rich text do not hold the server's thread", () => {
  it(`spends under ${MAIN_THREAD_CPU_LIMIT_MS} ms of main-thread CPU per request under heavy PNG uploads and deep rich text`, async () => {
    figures.atRest = await probeWhile(new Promise((resolve) => setTimeout(resolve, 1_000)));
    figures.loadAverage = loadavg()[0];

    // Every client sends, in turn, the 49-megapixel PNG (refused from its header, the rest of it
    // read and dropped) and a 9-megapixel 16-bit PNG (accepted: decoded and resized in the pool).
    const pictures = [await heavyPng(), await heavyPng(3000, 3000)];
    let turn = 0;
    const upload = () => {
      const bytes = pictures[turn++ % pictures.length];
      const body = multipartBody([{ name: 'heavy.png', bytes }]);
      return fetch(`${server.baseUrl}/api/v1/media/`, { method: 'PUT', headers: { authorization, ...body.headers }, body: body.payload });
    };
    const uploads = attack(3, upload);
    figures.duringHeavyUploads = await measurePhase(uploads);

    // Each post a new slug, so nothing but the depth check can refuse it before the sanitiser.
    const deepContent = JSON.stringify('<ul><li>'.repeat(60_000));
    let posted = 0;
    const deep = () => `{"title":"Deep","slug":"deep-${++posted}","content":${deepContent}}`;
    const post = () =>
      fetch(`${server.baseUrl}/api/v1/blog-posts`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: deep() });
    // A warm-up that is not measured: the first refusals compile their code paths.
    for (let warm = 0; warm < 3; warm += 1) await (await post()).arrayBuffer();
    // Ten posts a second per client (14 MB/s of hostile JSON): each is refused in about 5 ms.
    const posts = attack(3, post, 100);
    figures.duringDeepRichText = { ...(await measurePhase(posts)), bodyKilobytes: Math.round(deep().length / 1024) };
    // Flat out, the three clients keep the server's one thread busy (any route would): reported only.
    const flatOut = attack(3, post);
    figures.duringDeepRichTextFlatOutReportedOnly = await measurePhase(flatOut);
    figures.p99TargetMs = P99_TARGET_MS;

    const during = [figures.duringHeavyUploads, figures.duringDeepRichText] as Phase[];
    for (const phase of during) expect(phase.mainThreadCpuMsPerRequest, 'main-thread CPU per hostile request (ms)').toBeLessThan(MAIN_THREAD_CPU_LIMIT_MS);
    expect(during[0].answers['400'], 'the 49-megapixel PNG is refused').toBeGreaterThan(0);
    expect(during[0].answers['201'], 'the 9-megapixel PNG is stored').toBeGreaterThan(0);
    expect(Object.keys(during[1].answers)).toEqual(['400']);
    // Without the depth check each deep post holds the server's thread for 4 to 6 s: allow the
    // broken run (npm run seen-failing) time to fail on its figures rather than on the clock.
  }, 150_000);
});
