import type { Kysely } from 'kysely';
import { publishEndpoints } from '../../domain/contract/auth.js';
import { leavePublishGate, readPublishGate, takePublishGate } from '../db/repositories/publish-gate-repository.js';
import type { Database } from '../db/schema.js';
import type { Api, AppContext } from '../api-types.js';
import { HttpError } from '../http-errors.js';
import { registerEndpoint } from './register-endpoint.js';

// A publish holds the gate for at most the dispatch's 15 s timeout; a gate held much longer was
// taken by a process that died during its publish, and is free again.
const ABANDONED_AFTER_MS = 60_000;

/**
 * One publish at a time, and at most one per `intervalMs`: each publish starts a site build of
 * several minutes, so ten clicks (or ten parallel requests, to any server process) must not
 * start ten. Kept in the database (publish_gate) so every process shares it; a failed dispatch
 * starts no build, so it does not count towards the interval.
 */
function createPublishGate(db: Kysely<Database>, intervalMs: number, now: () => Date) {
  return {
    async enter(): Promise<Date> {
      const since = now();
      if (await takePublishGate(db, since, new Date(since.getTime() - ABANDONED_AFTER_MS), new Date(since.getTime() - intervalMs))) return since;
      const gate = await readPublishGate(db);
      const lastPublishedAt = gate?.last_published_at ?? null;
      const nextAllowed = lastPublishedAt ? lastPublishedAt.getTime() + intervalMs : 0;
      if (!lastPublishedAt || since.getTime() >= nextAllowed) {
        const started = gate?.running_since?.toISOString() ?? 'a moment ago';
        throw new HttpError(409, [{ msg: `The website is already being published (started at ${started}); wait for it to finish.` }]);
      }
      const every = `${Math.round(intervalMs / 1000)} seconds`;
      throw new HttpError(429, [
        {
          msg:
            `The website was published at ${lastPublishedAt.toISOString()}; it can be published ` +
            `again from ${new Date(nextAllowed).toISOString()} (at most once every ${every}).`,
        },
      ]);
    },
    leave: (since: Date, published: boolean) => leavePublishGate(db, since, published),
  };
}

/**
 * Starts the website's rebuild by POSTing a workflow dispatch with the server's own token; the
 * browser never sees that token.
 */
export function registerPublishRoutes(app: Api, { db, config, now = () => new Date() }: AppContext) {
  const gate = createPublishGate(db, config.publishIntervalMs, now);
  registerEndpoint(
    app,
    publishEndpoints.publish,
    async (request) => {
      if (!config.publishDispatchUrl) {
        throw new HttpError(503, [{ msg: 'Publishing is not configured on this server (PUBLISH_DISPATCH_URL is not set).' }]);
      }
      const since = await gate.enter();
      let published = false;
      try {
        await dispatchBuild(config.publishDispatchUrl, config.publishToken, request.log);
        published = true;
      } finally {
        await gate.leave(since, published);
      }
      return { ok: true as const, site_host: config.siteHost };
    },
    { serialize: true },
  );
}

async function dispatchBuild(url: string, token: string | null, log: { warn: (details: object, message: string) => void }) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let status: number;
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ ref: 'main' }), signal: AbortSignal.timeout(15_000) });
    status = response.status;
  } catch (error) {
    log.warn({ err: error }, 'publish dispatch failed');
    throw new HttpError(502, [{ msg: 'The build service could not be reached.' }]);
  }
  if (status < 200 || status >= 300) throw new HttpError(502, [{ msg: `The build service refused the request (HTTP ${status}).` }]);
}
