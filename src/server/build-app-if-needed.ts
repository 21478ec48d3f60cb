import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// What the browser bundle is made from: every folder of src but the server's own (listed from the
// disk, so a new folder cannot be forgotten: src/api and src/ui once were).
const bundleSources = (root: string) => [
  'index.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
  ...readdirSync(path.join(root, 'src'))
    .filter((name) => name !== 'server')
    .map((name) => `src/${name}`),
];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestModification(path.join(target, name))));
}

/** Builds the app with Vite when dist/ is missing or older than its sources. */
export async function buildAppIfNeeded(root: string, log: (message: string) => void): Promise<string> {
  const outDir = path.join(root, 'dist');
  const built = existsSync(path.join(outDir, 'index.html')) ? statSync(path.join(outDir, 'index.html')).mtimeMs : 0;
  const newest = Math.max(...bundleSources(root).map((source) => newestModification(path.join(root, source))));
  if (built > newest) return outDir;
  log('Building the app (first start or changed sources)...');
  const { build } = await import('vite');
  // Vite keeps a NODE_ENV it finds (a test runner sets 'test'), and React would then be built for
  // development: bigger and slower. The app the server serves is always the production build.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
  return outDir;
}
