import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let received: Received[] = [];
let answerStatus = 204;
/** While a list, the build service holds its answers there (a build still starting) until `releaseHeld()`. */
let held: (() => void)[] | null = null;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    const answer = () => {
      response.statusCode = answerStatus;
      response.end();
    };
    if (held) held.push(answer);
    else answer();
  });
});
const releaseHeld = () => {
  const answers = held ?? [];
  held = null;
  for (const answer of answers) answer();
};

let t: TestApp;
let unconfigured: TestApp;
let dispatchUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  dispatchUrl = `http://127.0.0.1:${port}/repos/site/dispatches`;
  // No pause between publishes here: the flood tests below have apps of their own.
  t = await createTestApp({ publishDispatchUrl: dispatchUrl, publishToken: 'secret-build-token', siteHost: 'www.example.test', publishIntervalMs: 0 });
  unconfigured = await createTestApp({ publishDispatchUrl: null });
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  receiver.close();
});

const publish = (app: TestApp) => app.app.inject({ method: 'POST', url: '/api/v1/publish', headers: app.auth });
/** The publish gate's clock, moved by the tests instead of waiting. */
const START = Date.parse('2026-03-02T09:30:00.000Z');
let clock = START;
const withClock = { now: () => new Date(clock) };
const firstMessage = (response: { json: () => unknown }) => (response.json() as { errors: { msg: string }[] }).errors[0].msg;

describe('publish', () => {
  it('posts a workflow dispatch for main with the server-side token', async () => {
    received = [];
    answerStatus = 204;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/publish', headers: t.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, site_host: 'www.example.test' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/repos/site/dispatches', body: '{"ref":"main"}' });
    expect(received[0].headers.authorization).toBe('Bearer secret-build-token');
  });

  it('reports a refused dispatch as a failure', async () => {
    answerStatus = 422;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/publish', headers: t.auth });
    expect(response.statusCode).toBe(502);
    expect(response.json().errors[0].msg).toContain('HTTP 422');
  });

  it('answers 503 with a clear message when no dispatch URL is configured', async () => {
    const response = await unconfigured.app.inject({ method: 'POST', url: '/api/v1/publish', headers: unconfigured.auth });
    expect(response.statusCode).toBe(503);
    expect(response.json().errors[0].msg).toContain('PUBLISH_DISPATCH_URL');
  });
});

describe('publish floods (issue 19 item 9)', () => {
  let flooded: TestApp | undefined;
  beforeEach(() => {
    answerStatus = 204;
    clock = START;
  });
  afterEach(async () => {
    releaseHeld();
    await flooded?.close();
    flooded = undefined;
  });

  it('sends one build request for ten parallel publishes; the others answer 409 with its start time', async () => {
    flooded = await createTestApp({ publishDispatchUrl: dispatchUrl, publishIntervalMs: 0 }, undefined, withClock);
    received = [];
    // The build service answers the publish that got in only once the nine others have been answered: all arrive while it runs.
    held = [];
    let answered = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        publish(flooded!).then((answer) => {
          answered += 1;
          if (answered === 9) releaseHeld();
          return answer;
        }),
      ),
    );
    expect(received).toHaveLength(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refusals = answers.filter((answer) => answer.statusCode === 409).map(firstMessage);
    expect(new Set(refusals)).toEqual(new Set(['The website is already being published (started at 2026-03-02T09:30:00.000Z); wait for it to finish.']));
  });

  it('publishes at most once per interval, saying when the next may start, and counts only publishes that reached the build service', async () => {
    flooded = await createTestApp({ publishDispatchUrl: dispatchUrl, publishIntervalMs: 60_000 }, undefined, withClock);
    received = [];
    answerStatus = 500;
    expect((await publish(flooded)).statusCode).toBe(502);
    answerStatus = 204;
    clock += 1_000;
    expect((await publish(flooded)).statusCode).toBe(200);
    clock += 59_999;
    const again = await publish(flooded);
    expect(again.statusCode).toBe(429);
    expect(firstMessage(again)).toBe(
      'The website was published at 2026-03-02T09:30:01.000Z; it can be published again from 2026-03-02T09:31:01.000Z (at most once every 60 seconds).',
    );
    expect(received).toHaveLength(2);
  });

  it('sends one build request for parallel publishes spread over two servers on one database', async () => {
    flooded = await createTestApp({ publishDispatchUrl: dispatchUrl, publishIntervalMs: 60_000 }, undefined, withClock);
    // A second server process on the same database: its own app, nothing shared with the first but the database.
    const other = await buildApp({ db: flooded.db, changes: flooded.database.changes, config: flooded.config, ...withClock });
    try {
      received = [];
      held = [];
      let answered = 0;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 ? other : flooded!.app).inject({ method: 'POST', url: '/api/v1/publish', headers: flooded!.auth }).then((answer) => {
            answered += 1;
            if (answered === 9) releaseHeld();
            return answer;
          }),
        ),
      );
      expect(received).toHaveLength(1);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      clock += 1_000;
      const again = await other.inject({ method: 'POST', url: '/api/v1/publish', headers: flooded.auth });
      expect(again.statusCode).toBe(429);
      expect(firstMessage(again)).toContain('it can be published again from 2026-03-02T09:31:00.000Z');
    } finally {
      await other.close();
    }
  });

  it('publishes again once the interval has passed (the interval is a setting)', async () => {
    flooded = await createTestApp({ publishDispatchUrl: dispatchUrl, publishIntervalMs: 300_000 }, undefined, withClock);
    expect((await publish(flooded)).statusCode).toBe(200);
    clock += 299_999;
    expect((await publish(flooded)).statusCode).toBe(429);
    clock += 1;
    expect((await publish(flooded)).statusCode).toBe(200);
  });
});
