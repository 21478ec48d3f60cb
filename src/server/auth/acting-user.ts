import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// Who is making the current request, for records written deep inside a save (the price history)
// without passing the user through every function between the route and the write. Each API
// request runs in its own store (opened before the auth hook, which fills it in); work outside a
// request (the legacy import, the seed, the command line) has no acting user.

type RequestContext = { userId: number | null };
const storage = new AsyncLocalStorage<RequestContext>();

/** An onRequest hook (callback style, so the whole request runs inside the store it opens). */
export function openRequestContext(_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  storage.run({ userId: null }, done);
}

/** Called by the auth hook once the session is known. */
export function setActingUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

/** The logged-in staff member whose request is running, or null outside a request. */
export const actingUserId = (): number | null => storage.getStore()?.userId ?? null;
