import { publishEndpoints } from '../../domain/contract/auth.js';
import type { Api, AppContext } from '../api-types.js';
import { HttpError } from '../http-errors.js';
import { registerEndpoint } from './register-endpoint.js';

/**
 * One publish at a time, and at most one per `intervalMs`: each publish starts a site build of
 * several minutes, so ten clicks (or ten parallel requests) must not start ten. Kept in this
 * process's memory; a failed dispatch starts no build, so it does not count towards the interval.
 */
function createPublishGate(intervalMs: number, now: () => Date) {
  let runningSince: Date | null = null;
  let lastPublishedAt: Date | null = null;
  return {
    enter() {
      if (runningSince) {
        throw new HttpError(409, [{ msg: `The website is already being published (started at ${runningSince.toISOString()}); wait for it to finish.` }]);
      }
      const nextAllowed = lastPublishedAt ? lastPublishedAt.getTime() + intervalMs : 0;
      if (lastPublishedAt && now().getTime() < nextAllowed) {
        const every = `${Math.round(intervalMs / 1000)} seconds`;
        throw new HttpError(429, [
          {
            msg:
              `The website was published at ${lastPublishedAt.toISOString()}; it can be published ` +
              `again from ${new Date(nextAllowed).toISOString()} (at most once every ${every}).`,
          },
        ]);
      }
      runningSince = now();
    },
    leave(published: boolean) {
      if (published) lastPublishedAt = runningSince;
      runningSince = null;
    },
  };
}

/**
 * Starts the website's rebuild by POSTing a workflow dispatch with the server's own token; the
 * browser never sees that token.
 */
export function registerPublishRoutes(app: Api, { config, now = () => new Date() }: AppContext) {
  const gate = createPublishGate(config.publishIntervalMs, now);
  registerEndpoint(
    app,
    publishEndpoints.publish,
    async (request) => {
      if (!config.publishDispatchUrl) {
        throw new HttpError(503, [{ msg: 'Publishing is not configured on this server (PUBLISH_DISPATCH_URL is not set).' }]);
      }
      gate.enter();
      let published = false;
      try {
        await dispatchBuild(config.publishDispatchUrl, config.publishToken, request.log);
        published = true;
      } finally {
        gate.leave(published);
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
