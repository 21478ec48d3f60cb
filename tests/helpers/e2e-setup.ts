import { request } from 'node:http';
import { beforeAll, inject } from 'vitest';
import { useE2eServer, type E2eServer } from './browser.js';

/**
 * Asks the e2e global setup (tests/helpers/e2e-global-setup.ts) for this worker's server: started
 * on first use, so the first browser file of a worker waits for it (and, on a first run, for the
 * app's build and the demo data). node:http, not fetch: fetch gives up on an answer after 300 s.
 */
function serverOfThisWorker(): Promise<E2eServer> {
  const url = `${inject('e2eServers')}/server/${process.env.VITEST_POOL_ID ?? '1'}`;
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(JSON.parse(body) as E2eServer) : reject(new Error(`No e2e server: ${body}`))));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => useE2eServer(await serverOfThisWorker()), 900_000);
