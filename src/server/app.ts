import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Api, AppContext } from './api-types.js';
import { openRequestContext } from './auth/acting-user.js';
import { createAuthHook } from './auth/auth-hook.js';
import { registerResponseCheck } from './check-responses.js';
import type { DataChanges } from './db/data-changes.js';
import { handleError } from './error-handler.js';
import { HttpError } from './http-errors.js';
import { PUBLIC_BODY_LIMIT_BYTES, registerJsonBodyParser } from './json-body.js';
import { createReadCache, registerReadCache } from './read-cache.js';
import { registerApiRoutes } from './routes/register-api-routes.js';
import { registerMediaFileRoute } from './routes/media/media-file-route.js';

export const API_PREFIX = '/api/v1';
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The zod schemas a route declares, kept so the fuzz and security suites can reach every route's input. */
export type RouteSchemas = { body?: unknown; params?: unknown; querystring?: unknown };

export type RouteEntry = { method: string; url: string; public: boolean; schema: RouteSchemas };

export type BuildAppOptions = AppContext & {
  /** Folder of the built app to serve; omitted in API tests. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** The database's count of committed writes; with it, sessions and cacheable reads are cached. */
  changes?: DataChanges;
};

// The app may load scripts and styles only from itself; AG Grid and the toasts set inline styles.
const appCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Builds the whole server without listening: tests use it with inject() or a port of their own. */
export async function buildApp(options: BuildAppOptions) {
  // frameworkErrors: addresses the router refuses (bad encoding, a parameter over its length) leave in the error shape too.
  // trustProxy: the client's address (request.ip, which the login throttle counts by) comes from
  // X-Forwarded-For only when the request comes from a proxy the operator named in TRUST_PROXY.
  // return503OnClosing: a stopping process answers what still arrives on its open connections
  // instead of refusing it (graceful-shutdown.ts).
  const app = Fastify({
    logger: options.logger ?? false,
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.config.trustProxy.length ? options.config.trustProxy : false,
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);

  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
    // Anyone may call a public route, so it reads no more than it needs before any check.
    if (isPublic) route.bodyLimit ??= PUBLIC_BODY_LIMIT_BYTES;
    const { body, params, querystring } = (route.schema ?? {}) as RouteSchemas;
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, public: isPublic, schema: { body, params, querystring } });
  });

  // HSTS and upgrade-insecure-requests only behind HTTPS: over plain http on a LAN they send the
  // browser to an https address nothing answers, and the app stops loading.
  const https = options.config.https;
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...appCsp, upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  registerMediaFileRoute(app, options.config);

  await app.register(
    async (api: Api) => {
      // The API returns JSON only, so it may load nothing at all.
      api.addHook('onSend', async (_request, reply) => {
        reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
        reply.header('cache-control', 'no-store');
      });
      api.addHook('onRequest', openRequestContext);
      // Before the session and read caches are consulted: hear of every change committed elsewhere first.
      if (options.changes) api.addHook('onRequest', options.changes.catchUp);
      api.addHook('onRequest', createAuthHook(options.db, options.changes));
      if (options.changes) registerReadCache(api, createReadCache(options.changes), options.changes);
      if (options.config.checkResponses) registerResponseCheck(api);
      registerApiRoutes(api, options);
      api.setNotFoundHandler(async () => {
        throw new HttpError(404, [{ msg: 'No such API call' }]);
      });
    },
    { prefix: API_PREFIX },
  );

  const staticDir = options.staticDir ?? null;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) {
    // Vite names every file under assets/ by a hash of its content, so a browser may keep one for good
    // and need not ask again on each page load; index.html, which names them, is asked for each time.
    // (With the plugin's own cache-control on, its `public, max-age=0` replaced both headers.)
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        if (path.relative(staticDir, filePath).startsWith(`assets${path.sep}`)) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Clean paths (/tours/12/pricing) belong to the single-page app: answer them with index.html.
    // A missing file of assets/ (a tab still open on an older build asking for a script) is a 404:
    // index.html in its place would fail as a script with a misleading type error.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
        return reply.status(404).send({ errors: [{ msg: 'Not found' }] });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  return Object.assign(app, { routeTable: routes });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
