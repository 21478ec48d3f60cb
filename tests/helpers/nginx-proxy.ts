import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

// Debian's nginx running the example configuration of docs/nginx-backoffice.conf in front of
// server processes on this machine, over HTTPS with a certificate made for the test. The example
// is used as written; only its addresses, ports and certificate paths are replaced, and a
// replacement that finds nothing to replace fails, so the example cannot drift from what is tested.

export type NginxProxy = {
  /** https://backoffice.example.com:PORT, reached through 127.0.0.1 with the test's certificate trusted. */
  httpsPort: number;
  httpPort: number;
  /** An HTTPS request through the proxy; answers the response with its body read. */
  call: (method: string, path: string, options?: { headers?: Record<string, string>; body?: Buffer | string }) => Promise<ProxyAnswer>;
  /** An HTTPS request through the proxy whose response is handed over as it starts (for streams). */
  open: (path: string, headers: Record<string, string>) => Promise<IncomingMessage>;
  stop: () => Promise<void>;
};

export type ProxyAnswer = { status: number; headers: IncomingMessage['headers']; body: Buffer };

const EXAMPLE = path.resolve('docs/nginx-backoffice.conf');
const HOST = 'backoffice.example.com';

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`docs/nginx-backoffice.conf no longer has ${pattern}: update the example's test`);
  return text.replace(pattern, replacement);
}

/** Starts nginx with the example configuration in front of `upstreams` (host:port each). */
export async function startNginxProxy(upstreams: string[]): Promise<NginxProxy> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx; .ci/run installs it): the example proxy's test needs it");
  const folder = mkdtempSync(path.join(tmpdir(), 'nginx-proxy-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, temp));
  const key = path.join(folder, 'key.pem');
  const certificate = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      certificate,
      '-days',
      '1',
      '-subj',
      `/CN=${HOST}`,
      '-addext',
      `subjectAltName=DNS:${HOST}`,
    ],
    {
      stdio: 'ignore',
    },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];

  let site = readFileSync(EXAMPLE, 'utf8');
  site = replaceOnce(site, /(upstream backoffice \{\n)(?:\s*server \S+;\n)+/, `$1${upstreams.map((upstream) => `    server ${upstream};\n`).join('')}`);
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  site = replaceOnce(site, /listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = replaceOnce(site, /ssl_certificate \S+;/, `ssl_certificate ${certificate};`);
  site = replaceOnce(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  writeFileSync(path.join(folder, 'site.conf'), site);
  const temp = (name: string) => path.join(folder, name);
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    [
      // The master runs as whoever runs the tests; as root its workers would otherwise be 'nobody', who cannot read this folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('site.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(httpsPort, () => (child.exitCode !== null ? `nginx stopped: ${output}` : null));

  const ca = readFileSync(certificate);
  const open = (method: string, target: string, headers: Record<string, string>, body?: Buffer | string) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port: httpsPort, servername: HOST, ca, method, path: target, headers: { host: HOST, ...headers } },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return {
    httpPort,
    httpsPort,
    call: async (method, target, options = {}) => {
      const response = await open(method, target, options.headers ?? {}, options.body);
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
    },
    open: (target, headers) => open('GET', target, headers),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts connections on the port; `failed` names why to stop waiting. */
async function waitForPort(port: number, failed: () => string | null): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const why = failed();
    if (why) throw new Error(why);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nothing listens on port ${port} after 10 s`);
}
