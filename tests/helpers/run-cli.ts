import { spawnSync } from 'node:child_process';

/**
 * Runs one of the project's command-line tools as `npm run` would, with the database the
 * environment names (DATA_DIR or DATABASE_URL); throws with its output on a non-zero exit.
 * Answers how long it took, in ms.
 */
export function runCli(script: string, args: string[], env: Record<string, string>): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return Math.round(performance.now() - started);
}
