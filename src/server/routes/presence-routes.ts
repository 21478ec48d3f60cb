import type { FastifyReply, FastifyRequest } from 'fastify';
import { presenceStreamEndpoints } from '../../domain/contract/presence.js';
import type { Api, AppContext } from '../api-types.js';
import { bearerToken, sessionOf } from '../auth/auth-hook.js';
import { hashToken, isSessionLive, loadSession } from '../auth/sessions.js';
import { countLiveStreamsOfUser, type ChangeScope } from '../db/repositories/presence-repository.js';
import { findSeasonId } from '../db/repositories/season-repository.js';
import { HttpError, notFound } from '../http-errors.js';
import { findTourSeasonId } from '../pricing/load-pricing-context.js';
import { openPresenceStream, PRESENCE_TIMINGS, type PresenceStream } from '../presence/presence-stream.js';
import { registerEndpoint } from './register-endpoint.js';

/** Streams one staff member may have open at once, over every process (a browser tab each). */
export const STREAMS_PER_USER = 20;

/**
 * Presence and change notices (issue 29): `GET presence/seasons/{tour}/{season}` for a season's
 * tabs and `GET presence/pgt/{season}` for bulk pricing, each a Server-Sent Events stream
 * (presence-stream.ts). The auth hook checks the bearer token as on every route. Every open
 * stream is ended before the server closes (preClose), so a shutdown never waits on a tab.
 */
export function registerPresenceRoutes(app: Api, { db, presenceTimings }: AppContext) {
  const timings = { ...PRESENCE_TIMINGS, ...presenceTimings };
  const open = new Set<PresenceStream>();
  app.addHook('preClose', async () => {
    await Promise.all([...open].map((stream) => stream.end()));
  });

  const serve = async (request: FastifyRequest, reply: FastifyReply, place: string, scope: ChangeScope) => {
    const { userId } = sessionOf(request);
    const streams = await countLiveStreamsOfUser(db, userId);
    if (streams >= STREAMS_PER_USER) {
      throw new HttpError(429, [{ msg: `You already have ${streams} tabs following seasons; close some, then reload this one` }]);
    }
    const tokenHash = hashToken(bearerToken(request.headers.authorization) ?? '');
    const stream = await openPresenceStream({
      db,
      userId,
      place,
      scope,
      timings,
      sessionLive: async () => {
        const session = await loadSession(db, tokenHash);
        return session !== null && isSessionLive(session, new Date());
      },
      onError: (error) => request.log.warn({ err: error }, 'presence stream'),
    });
    open.add(stream);
    // The tab went away (closed, reloaded, network lost), or the stream ended and its answer with it.
    const forget = () => {
      open.delete(stream);
      void stream.end();
    };
    reply.raw.on('close', forget);
    // A tab that went away while the stream was being opened sent its close before anyone listened.
    if (request.raw.socket.destroyed) forget();
    // A proxy (nginx) must pass each event on as it comes, not buffer the answer. The connection
    // closes with the stream: kept alive, it would hold a closing server until its idle timeout.
    return reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').header('connection', 'close').send(stream.body);
  };

  registerEndpoint(app, presenceStreamEndpoints.season, async (request, reply) => {
    const tourSeasonId = await findTourSeasonId(db, request.params.tourId, request.params.seasonId);
    return serve(request, reply, `season:${tourSeasonId}`, { tourSeasonId });
  });

  registerEndpoint(app, presenceStreamEndpoints.bulkPricing, async (request, reply) => {
    const seasonId = request.params.seasonId;
    if (!(await findSeasonId(db, seasonId))) throw notFound(`Season ${seasonId}`);
    return serve(request, reply, `pgt:${seasonId}`, { seasonId });
  });
}
