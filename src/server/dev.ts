import { spawn } from 'node:child_process';
import { createServer } from 'vite';

/**
 * `npm run dev`: the API server (without building the app) plus Vite's dev server, which
 * forwards /api to it (vite.config.ts).
 */
const api = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--api-only'], { stdio: 'inherit', env: process.env });
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) process.exit(code);
});
