import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let received: Received[] = [];
let answerStatus = 204;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    response.statusCode = answerStatus;
    response.end();
  });
});

let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  t = await createTestApp({ publishDispatchUrl: `http://127.0.0.1:${port}/repos/site/dispatches`, publishToken: 'secret-build-token', siteHost: 'www.example.test' });
  unconfigured = await createTestApp({ publishDispatchUrl: null });
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  receiver.close();
});

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
