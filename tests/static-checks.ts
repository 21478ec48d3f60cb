import { spawn } from 'node:child_process';

// The checks `npm test` runs beside the suites (typecheck, lint with zero warnings, formatting).
// Each check is one thread, so side by side on two cores they take the longest of them rather
// than their sum (about 25 s instead of 70 s). Each check's output is printed whole, after it ends.
// With --with-suites (npm test) vitest runs at the same time, its output as it comes: its set-up
// (building the app, seeding the browser tests' data) and its browser tests leave a core idle
// now and then, which the checks fill; a failure of either fails the run.
type Job = { name: string; command: string; args: string[]; live?: boolean };
const CHECKS: Job[] = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
];
const SUITES: Job = { name: 'suites', command: 'npx', args: ['vitest', 'run'], live: true };

function run({ name, command, args, live }: Job): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: ${name} (${args.join(' ')}), ${seconds} s${output.trim() ? `\n${output.trim()}` : ''}`);
      resolve(code === 0);
    });
  });
}

const jobs = process.argv.includes('--with-suites') ? [...CHECKS, SUITES] : CHECKS;
const results = await Promise.all(jobs.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
