import path from 'node:path';
import { MEDIA_MAX_BYTES_DEFAULT } from '../domain/media/media-schema.js';

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder of the embedded database; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  /** Folder of the media library's files, unless mediaS3Url is set. */
  mediaDir: string;
  /** The S3-compatible bucket of the media library's files (MEDIA_S3_URL); null: mediaDir. */
  mediaS3Url: string | null;
  /** Largest image the media library accepts, per file. */
  mediaMaxBytes: number;
  environment: string;
  apiUrl: string;
  staffEmail: string | null;
  staffPassword: string | null;
  publishDispatchUrl: string | null;
  publishToken: string | null;
  siteHost: string;
  /** Addresses (or CIDR ranges) of the proxies whose X-Forwarded-For names the client; empty: none. */
  trustProxy: string[];

  // --- Hostile traffic and production (issue 19): kept together, apart from the other settings ---
  /** The server is reached over HTTPS (a proxy in front terminates it): send HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Other sites a redirect may send visitors to, by host name (lower case); none by default. */
  redirectHosts: string[];
  /** Shortest time between two publishes that reached the build service. */
  publishIntervalMs: number;
  /** Uploads one staff member may have in progress at once. */
  uploadsPerUser: number;
  /** Server processes `npm start` runs on the one port (Node cluster); above 1 only on PostgreSQL. Checked by cluster.ts. */
  workers: number;

  /** Check every answer against its contract entry's response schema (tests; costs CPU per request). */
  checkResponses: boolean;
};

/** Reads the server's settings from the environment; every setting has a safe default. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    mediaS3Url: env.MEDIA_S3_URL || null,
    mediaMaxBytes: positiveInteger(env.MEDIA_MAX_BYTES, MEDIA_MAX_BYTES_DEFAULT),
    environment: env.APP_ENV ?? env.NODE_ENV ?? 'development',
    apiUrl: env.API_URL ?? `http://localhost:${port}/api/v1`,
    staffEmail: env.STAFF_EMAIL || null,
    staffPassword: env.STAFF_PASSWORD || null,
    publishDispatchUrl: env.PUBLISH_DISPATCH_URL || null,
    publishToken: env.PUBLISH_TOKEN || null,
    siteHost: env.SITE_HOST ?? 'the website',
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),

    // --- Hostile traffic and production (issue 19) ---
    https: /^(1|true|yes)$/i.test(env.HTTPS ?? ''),
    redirectHosts: (env.REDIRECT_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    publishIntervalMs: nonNegativeInteger(env.PUBLISH_INTERVAL_SECONDS, 60) * 1000,
    uploadsPerUser: positiveInteger(env.MEDIA_UPLOADS_PER_USER, 2),
    workers: env.WORKERS ? Number(env.WORKERS) : 1,

    checkResponses: env.NODE_ENV === 'test' || /^(1|true|yes)$/i.test(env.CHECK_RESPONSES ?? ''),
  };
}

/** A whole number above zero from the environment, or the default when unset or not one. */
function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** A whole number of at least zero from the environment, or the default when unset or not one. */
function nonNegativeInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}
