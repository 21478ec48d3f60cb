import { spawn } from 'node:child_process';

// The checks `npm test` runs before the suites (typecheck, lint with zero warnings, formatting),
// side by side: each is one thread, so on two cores this takes the longest of them rather than
// their sum (about 25 s instead of 70 s). Each check's output is printed whole, after it ends.
const CHECKS: [name: string, command: string, args: string[]][] = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
];

function run([name, command, args]: (typeof CHECKS)[number]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: ${name} (${args.join(' ')}), ${seconds} s${output.trim() ? `\n${output.trim()}` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
