import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import type { TourListItem } from '../../src/domain/tours/tour-list-schema.js';
import { httpCall } from '../helpers/http-api.js';
import { makeImage, multipartBody } from '../helpers/media-test-data.js';
import { recordFigures } from '../helpers/report-figures.js';
import { logIn, startServer, STRESS_STAFF, type ServerProcess } from '../helpers/server-process.js';
import { createServerDatabase, type ServerDatabase } from '../helpers/stress-databases.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';
import { startNginxProxy, type NginxProxy } from '../helpers/nginx-proxy.js';
import sharp from 'sharp';

// Issue 32: two real server processes (`npm start` each, on ports of their own, as two machines
// behind a load balancer) on one PostgreSQL database, reached over real HTTP, with their media in
// one S3-compatible bucket (s3rver) and, last, behind Debian's nginx running the example
// configuration of docs/nginx-backoffice.conf. Only the PostgreSQL run (npm run test:postgres)
// includes this folder: the embedded database takes one process.
// ALTERNATIONS sets the count of write-here-read-there rounds (1,000 by default).
const alternations = Number(process.env.ALTERNATIONS ?? 1000);

let database: ServerDatabase;
let a: ServerProcess;
let b: ServerProcess;
let authorization: string;
let sql: pg.Client;
let bucket: S3TestServer;
let proxy: NginxProxy;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'two-processes-media-'));

// The build service: it holds its answers while `held` is a list, so parallel publishes all arrive while one runs.
const dispatches: string[] = [];
let held: (() => void)[] | null = null;
const buildService = createServer((incoming, response) => {
  incoming.resume();
  incoming.on('end', () => {
    dispatches.push(incoming.url ?? '');
    const answer = () => response.writeHead(204).end();
    if (held) held.push(answer);
    else answer();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => buildService.listen(0, '127.0.0.1', resolve));
  bucket = await startS3TestServer();
  const env = {
    PUBLISH_DISPATCH_URL: `http://127.0.0.1:${(buildService.address() as AddressInfo).port}/dispatches`,
    // The folder stays empty: both machines keep their media in the one bucket.
    MEDIA_DIR: mediaDir,
    MEDIA_S3_URL: bucket.url,
    MEDIA_UPLOADS_PER_USER: '1',
    TRUST_PROXY: '127.0.0.1',
  };
  database = await createServerDatabase('postgres', 'two_processes');
  // One after the other: the first start migrates the new database and loads the demo data.
  a = await startServer({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env });
  b = await startServer({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env });
  authorization = await logIn(a.baseUrl);
  sql = new pg.Client({ connectionString: database.databaseUrl });
  await sql.connect();
  proxy = await startNginxProxy([a.baseUrl.replace('http://', ''), b.baseUrl.replace('http://', '')]);
}, 300_000);

afterAll(async () => {
  await proxy?.stop();
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await bucket?.stop();
  await database?.drop();
  buildService.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL', () => {
  it(`answers a write through one in the very next read through the other (${alternations} alternations, none stale)`, async () => {
    const created = await httpCall<Tour>(a.baseUrl, authorization, 'POST', 'tours', { name: 'Alternation start' });
    expect(created.status).toBe(201);
    let version = created.json.version;
    const readThroughB = async () => {
      const answer = await httpCall<TourListItem[]>(b.baseUrl, authorization, 'GET', 'tours/all');
      expect(answer.status).toBe(200);
      return { name: answer.json.find((item) => item.id === created.json.id)?.name, hit: answer.headers.get('x-read-cache') === 'hit' };
    };
    const stale: string[] = [];
    let hits = 0;
    const started = performance.now();
    for (let round = 0; round < alternations; round += 1) {
      const name = `Alternation ${round}`;
      const saved = await httpCall<Tour>(a.baseUrl, authorization, 'PUT', `tours/${created.json.id}`, { version, name });
      expect(saved.status).toBe(200);
      version = saved.json.version;
      const read = await readThroughB();
      if (read.name !== name) stale.push(`${name}: read ${read.name}`);
      // The same read again comes from B's memory: the read cache is in play for the next round.
      if ((await readThroughB()).hit) hits += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    recordFigures(
      'two-processes',
      { alternations, staleReads: stale.length, cacheHitsOnRepeat: hits, alternationsPerSecond: Math.round(alternations / seconds) },
      'postgres',
    );
    expect(stale).toEqual([]);
    expect(hits).toBe(alternations);
  });

  it('sends exactly one build for 10 parallel publishes spread over both', async () => {
    dispatches.length = 0;
    held = [];
    let answered = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        httpCall(index % 2 ? b.baseUrl : a.baseUrl, authorization, 'POST', 'publish').then((answer) => {
          answered += 1;
          // The build service answers the publish that got in once the nine others have been answered.
          if (answered === 9) {
            for (const answer of held ?? []) answer();
            held = null;
          }
          return answer.status;
        }),
      ),
    );
    expect(dispatches).toHaveLength(1);
    expect(answers.sort()).toEqual([200, ...Array(9).fill(409)]);
    // And the interval holds on both: a publish straight after, through either, is refused.
    expect((await httpCall(a.baseUrl, authorization, 'POST', 'publish')).status).toBe(429);
    expect((await httpCall(b.baseUrl, authorization, 'POST', 'publish')).status).toBe(429);
    expect(dispatches).toHaveLength(1);
  });

  it('throttles parallel wrong logins spread over both as one server would', async () => {
    // Nine failures already counted for this account from this address: the tenth starts a wait of
    // 64 s (the free ones are used up at five), so of 20 parallel guesses exactly one is let through.
    const email = STRESS_STAFF.email;
    await sql.query(`INSERT INTO login_attempts (key, failures, blocked_until, updated_at) VALUES ($1, 9, NULL, now())`, [
      `account+address:${email} from 127.0.0.1`,
    ]);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const response = await fetch(`${(index % 2 ? b : a).baseUrl}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email_address: email, password: `wrong guess ${index}` }),
        });
        await response.text();
        return response.status;
      }),
    );
    expect(guesses.sort()).toEqual([401, ...Array(19).fill(429)]);
    const { rows } = await sql.query<{ failures: number }>(`SELECT failures FROM login_attempts WHERE key = $1`, [`account+address:${email} from 127.0.0.1`]);
    expect(rows[0].failures).toBe(10);
    await sql.query(`DELETE FROM login_attempts`);
  });

  it('shares an upload allowance: an upload in progress on one refuses the next on the other', async () => {
    const picture = await makeImage('png', 4, 4);
    const { payload, headers } = multipartBody([{ name: 'slow.png', bytes: picture }]);
    // An upload through A that has sent only its first bytes: it holds the one allowed upload.
    const slow = request(`${a.baseUrl}/api/v1/media/`, { method: 'PUT', headers: { ...headers, authorization } });
    const slowAnswer = new Promise<number>((resolve, reject) => {
      slow.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      slow.on('error', reject);
    });
    slow.write(payload.subarray(0, 100));
    await expect.poll(async () => (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM upload_slots')).rows[0].n, { timeout: 30_000 }).toBe(1);

    const upload = async (baseUrl: string, name: string) => {
      const form = multipartBody([{ name, bytes: picture }]);
      const response = await fetch(`${baseUrl}/api/v1/media/`, { method: 'PUT', headers: { ...form.headers, authorization }, body: form.payload });
      return { status: response.status, body: await response.text() };
    };
    const refused = await upload(b.baseUrl, 'second.png');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('You already have 1 uploads in progress');
    slow.end(payload.subarray(100));
    expect(await slowAnswer).toBe(201);
    expect((await upload(b.baseUrl, 'after.png')).status).toBe(201);
  });
});

describe('media in one bucket, seen by both', () => {
  it('serves a picture uploaded through one from the other, and keeps nothing in the folder', async () => {
    const picture = await makeImage('png', 320, 200);
    const form = multipartBody([{ name: 'shared.png', bytes: picture }]);
    const uploaded = await fetch(`${a.baseUrl}/api/v1/media/`, { method: 'PUT', headers: { ...form.headers, authorization }, body: form.payload });
    expect(uploaded.status).toBe(201);
    const [image] = (await uploaded.json()) as { url: string }[];
    const served = await fetch(`${b.baseUrl}${image.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    expect(readdirSync(mediaDir)).toEqual([]);
  });
});

describe('behind nginx with the example configuration (docs/nginx-backoffice.conf)', () => {
  const auth = () => ({ authorization });

  it('sends plain http to https', async () => {
    // fetch will not send another Host than the address's, so node:http does.
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      request({ host: '127.0.0.1', port: proxy.httpPort, path: '/tours', headers: { host: 'backoffice.example.com' } }, resolve)
        .on('error', reject)
        .end(),
    );
    response.resume();
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://backoffice.example.com/tours');
  });

  it('passes reads and saves through to the servers over HTTPS', async () => {
    const created = await proxy.call('POST', '/api/v1/tours', {
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Through the proxy' }),
    });
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.body.toString()) as Tour).id;
    const read = await proxy.call('GET', '/api/v1/tours/all', { headers: auth() });
    expect(read.status).toBe(200);
    expect((JSON.parse(read.body.toString()) as TourListItem[]).some((tour) => tour.id === id)).toBe(true);
  });

  it('takes an upload past nginx’s default 1 MB body limit', async () => {
    // Noise does not compress: about 3 MB of PNG.
    const noise = randomBytes(1000 * 1000 * 3);
    const picture = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(picture.length).toBeGreaterThan(2_000_000);
    const form = multipartBody([{ name: 'large.png', bytes: picture }]);
    const answer = await proxy.call('PUT', '/api/v1/media/', { headers: { ...auth(), ...form.headers }, body: form.payload });
    expect(answer.status, answer.body.toString().slice(0, 300)).toBe(201);
  });

  it('passes the presence stream on as it comes (not buffered)', async () => {
    const { rows } = await sql.query<{ tour_id: number; season_id: number }>('SELECT tour_id, season_id FROM tour_seasons ORDER BY id LIMIT 1');
    const stream = await proxy.open(`/api/v1/presence/seasons/${rows[0].tour_id}/${rows[0].season_id}`, auth());
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    // The first event is a few dozen bytes: a buffering proxy would hold it.
    const first = await new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    stream.destroy();
    expect(first).toContain('presence');
  });

  it('keeps answering reads with one of the two servers stopped', async () => {
    await b.stop();
    const statuses: number[] = [];
    for (let round = 0; round < 40; round += 1) statuses.push((await proxy.call('GET', '/api/v1/tours/all', { headers: auth() })).status);
    expect(statuses).toEqual(Array(40).fill(200));
  });
});
