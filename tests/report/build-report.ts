import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FiguresFile } from '../helpers/report-figures.js';

// `npm run report`: the proof-under-load report (issue 12) from the figures the suites saved in
// reports/figures (npm test writes the quick runs, npm run test:stress the long ones), plus
// reports/seen-failing.md. Prints it and writes reports/REPORT.md, which README.md links.

const FIGURES = path.resolve('reports/figures');
const SEEN_FAILING = path.resolve('reports/seen-failing.md');
const OUTPUT = path.resolve('reports/REPORT.md');

const SUITES: { name: string; title: string; what: string }[] = [
  {
    name: 'fuzz',
    title: 'Fuzzing',
    what:
      'Every POST and PUT route gets generated bodies and mutations of a body it ' +
      'accepts (fast-check): no 5xx, every rejection in the error shape, the database ' +
      'unchanged by every rejected request. Each route first shows a valid body it accepts ' +
      '(Valid Base: how it was made) and must accept at least one request of the run.',
  },
  {
    name: 'crash-recovery',
    title: 'Crash recovery',
    what:
      'The real server, a second process writing price saves, booking saves and payments, SIGKILL at random ' +
      'moments, restart: every acknowledged write present and intact, every multi-row save all or nothing.',
  },
  {
    name: 'two-processes',
    title: 'Two server processes',
    what:
      'Two real server processes on one PostgreSQL database, over HTTP: a write through one visible in the very next read ' +
      'through the other (the read cache in play), 10 parallel publishes over both send one build, parallel wrong ' +
      'logins over both throttled as on one, an upload allowance shared.',
  },
  {
    name: 'rolling-restart',
    title: 'Rolling restart',
    what:
      '`WORKERS=2` on PostgreSQL under lanes of mixed reads and saves; SIGHUP twice replaces every worker twice: ' +
      'no failed request, every acknowledged save stored.',
  },
  {
    name: 'cluster-crash',
    title: 'Crash of one of two workers',
    what: '`WORKERS=2` on PostgreSQL under saves; one worker killed with SIGKILL again and again, the primary replaces it: every acknowledged save stored.',
  },
  {
    name: 'concurrency',
    title: 'Concurrency',
    what: 'Two clients save the same thing from the same version at once: exactly one wins, the other gets 409, the stored state is the winner’s save.',
  },
  {
    name: 'load',
    title: 'Load',
    what:
      'autocannon on loopback against the real server with the large demo data. Errors ' +
      'fail the test; latency targets (p99 < 50 ms reads, < 250 ms saves) are reported.',
  },
  {
    name: 'stall-attacks',
    title: 'Stall attacks',
    what:
      'The real server in its own process while one attack is sent back to back (a formula referring to row ' +
      '999,999, a save of 100,000 prices, a formula of 900 nested brackets): every attack refused with 400, ' +
      'the server’s CPU time per attack request under 100 ms, and a cheap read’s p99 under 100 ms (asserted ' +
      'when the machine has no more than 1.5 runnable tasks per core; loadPerCore says how busy it was).',
  },
  {
    name: 'security',
    title: 'Security',
    what:
      'Tokens on every route, login throttling, XSS payloads through rich-text fields rendered ' +
      'in Chromium, upload checks, SQL-injection strings in filters, security headers.',
  },
  {
    name: 'login-attacks',
    title: 'Login attacks',
    what:
      'A listening server with the real throttle: 200 parallel guesses from one address on one account (the right ' +
      'password among them), then failures on the account from many addresses followed by the real user from a clean one.',
  },
  {
    name: 'hostile-load',
    title: 'Hostile uploads and rich text under load',
    what:
      'The real server while 3 clients upload a 16-bit 7000 x 7000 PNG (refused from its header) and a 9-megapixel 16-bit PNG (stored), then while ' +
      '3 clients post 480 KB of rich text nested 60,000 deep: a cheap GET must keep p99 < 100 ms. The same posts sent flat out are reported only.',
  },
  {
    name: 'xss',
    title: 'Stored XSS in Chromium',
    what:
      'Known XSS payloads stored through every rich-text field of the server’s list, then every screen that shows them ' +
      'opened in Chromium: no dialog, no script, handler, frame or javascript: address in the live page, no CSP report.',
  },
  {
    name: 'accessibility',
    title: 'Accessibility',
    what: 'axe-core in Chromium on the main screens (serious and critical violations), keyboard-only use of grids and forms.',
  },
  {
    name: 'backup',
    title: 'Backup and restore',
    what: '`npm run backup` and `npm run restore` round trip, compared table by table (row counts, every row’s text, a checksum of the prices, sequences).',
  },
];

const label = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/\bMs\b/g, '(ms)')
    .replace(/^./, (first) => first.toUpperCase());

const formatValue = (value: unknown): string => {
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-GB') : value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null || value === undefined) return '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/\|/g, '\\|');
};

const isFlatObjectList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item));

function table(rows: Record<string, unknown>[]): string[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number' || row[column] === undefined));
  return [
    `| ${columns.map(label).join(' | ')} |`,
    `| ${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((column) => formatValue(row[column])).join(' | ')} |`),
  ];
}

function renderFigures(figures: Record<string, unknown>, depth = 0): string[] {
  const lines: string[] = [];
  const indent = '  '.repeat(depth);
  const tables: [string, Record<string, unknown>[]][] = [];
  for (const [key, value] of Object.entries(figures)) {
    if (isFlatObjectList(value) && depth === 0) tables.push([key, value]);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      lines.push(`${indent}- ${label(key)}:`, ...renderFigures(value as Record<string, unknown>, depth + 1));
    else lines.push(`${indent}- ${label(key)}: ${Array.isArray(value) ? value.map(formatValue).join(', ') : formatValue(value)}`);
  }
  for (const [key, rows] of tables) lines.push('', `${label(key)}:`, '', ...table(rows));
  return lines;
}

function readFigures(): FiguresFile[] {
  if (!existsSync(FIGURES)) return [];
  return readdirSync(FIGURES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(FIGURES, name), 'utf8')) as FiguresFile);
}

/** Older figure files (before pass tracking) say nothing about their run. */
const outcome = (file: FiguresFile) => (file.passed === undefined ? '–' : file.passed ? 'passed' : `**${file.failedTests} failed**`);

/** One line per suite run: the figure a reader wants first. */
function headline(file: FiguresFile): string {
  const f = file.figures as Record<string, unknown>;
  const n = (key: string) => formatValue(f[key]);
  const names = (key: string) => (Array.isArray(f[key]) ? (f[key] as unknown[]).length || 'none' : '–');
  switch (file.suite) {
    case 'fuzz':
      return (
        `${n('requests')} requests on ${n('routes')} routes, ${n('accepted')} accepted, ${n('fiveXX')} 5xx; routes without ` +
        `a valid body: ${names('routesWithoutValidBase')}, accepting nothing: ${names('routesWithoutAcceptedRequest')}; FUZZ_SEED=${String(f.seed ?? '–')}`
      );
    case 'crash-recovery':
      return `${n('cycles')} kills, ${n('acknowledgedWrites')} acknowledged writes, ${n('acknowledgedWritesLost')} lost`;
    case 'two-processes':
      return `${n('alternations')} alternations, ${n('staleReads')} stale`;
    case 'rolling-restart':
      return (
        `${n('connections')} connections, ${n('restarts')} restarts of ${n('workers')} workers, ${n('requests')} requests, ` +
        `${n('failedRequests')} failed, ${n('acknowledgedSavesLost')} acknowledged saves lost`
      );
    case 'cluster-crash':
      return `${n('kills')} kills of one of ${n('workers')} workers, ${n('acknowledgedSaves')} acknowledged saves, ${n('acknowledgedSavesLost')} lost`;
    case 'concurrency':
      return `${n('totalRounds')} rounds (${n('roundsPerSubject')} per subject), ${n('halfWritten')} half written`;
    case 'load': {
      const scenarios = (f.scenarios as { met: boolean | null; errors: number; non2xx: number }[] | undefined) ?? [];
      const failures = scenarios.reduce((total, row) => total + row.errors + row.non2xx, 0);
      const targeted = scenarios.filter((row) => row.met !== null);
      return (
        `${scenarios.length} scenarios at ${n('connections')} connections, ${failures} errors, ` +
        `p99 target met in ${targeted.filter((row) => row.met).length} of ${targeted.length}`
      );
    }
    case 'login-attacks':
      return (
        `${n('burstRequests')} parallel guesses, ${n('burstPasswordsChecked')} checked, right password inside: ${n('burstRightPasswordStatus')}; ` +
        `real user after ${n('spreadFailures')} failures elsewhere: ${n('realUserStatus')} in ${n('realUserLoginMs')} ms`
      );
    case 'stall-attacks': {
      const rows = ((f.attacks as { attack: string; p99Ms: number; serverCpuMsPerAttack: number | null }[] | undefined) ?? []).filter(
        (row) => row.serverCpuMsPerAttack !== null,
      );
      return rows.map((row) => `${row.attack}: read p99 ${formatValue(row.p99Ms)} ms, ${formatValue(row.serverCpuMsPerAttack)} ms CPU per attack`).join('; ');
    }
    case 'hostile-load': {
      const p99 = (key: string) => formatValue((f[key] as { p99Ms?: number } | undefined)?.p99Ms);
      return (
        `GET p99 ${p99('atRest')} ms at rest, ${p99('duringHeavyUploads')} ms during heavy uploads, ` +
        `${p99('duringDeepRichText')} ms during deep rich text (target < ${n('p99TargetMs')} ms)`
      );
    }
    case 'backup':
      return `${n('data')} data: ${n('rows')} rows in ${n('tables')} tables, identical after restore: ${formatValue(
        f.identical ??
          Object.entries(f)
            .filter(([key]) => key.startsWith('identical'))
            .every(([, value]) => value === true),
      )}`;
    default: {
      const scalars = Object.entries(f).filter(([, value]) => typeof value !== 'object' || value === null);
      return scalars
        .slice(0, 4)
        .map(([key, value]) => `${label(key).toLowerCase()}: ${formatValue(value)}`)
        .join(', ');
    }
  }
}

export function buildReport(files: FiguresFile[], seenFailing: string | null): string {
  const lines = [
    '# Proof under load, faults and hostile input',
    '',
    'Written by `npm run report` from the figures the suites save in `reports/figures/` (`quick`: the run inside `npm test`;',
    '`stress`: `npm run test:stress`, which CI runs after `npm test`). Engine: `pglite` is the embedded database, `postgres` a',
    'PostgreSQL server. Each suite fails its test run on any broken promise; "tests" says whether that run passed.',
    'The speed figures are in [BENCH.md](BENCH.md), written by `npm run bench`.',
    '',
    '## Summary',
    '',
    '| suite | run | engine | recorded | tests | result |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const known = new Set(SUITES.map((suite) => suite.name));
  const ordered = [
    ...SUITES,
    ...[...new Set(files.map((file) => file.suite))].filter((name) => !known.has(name)).map((name) => ({ name, title: label(name), what: '' })),
  ];
  for (const suite of ordered) {
    const runs = files.filter((file) => file.suite === suite.name);
    if (!runs.length) lines.push(`| ${suite.title} | – | – | – | – | no figures yet |`);
    for (const file of runs)
      lines.push(
        `| ${suite.title} | ${file.mode} | ${file.engine} | ${file.recordedAt.slice(0, 16).replace('T', ' ')} | ${outcome(file)} | ${headline(file)} |`,
      );
  }
  for (const suite of ordered) {
    lines.push('', `## ${suite.title}`, '');
    if (suite.what) lines.push(suite.what, '');
    const runs = files.filter((file) => file.suite === suite.name);
    if (!runs.length) lines.push('No figures recorded yet.');
    for (const file of runs)
      lines.push(`### ${file.mode} run, ${file.engine} (${file.recordedAt.slice(0, 16).replace('T', ' ')} UTC)`, '', ...renderFigures(file.figures), '');
  }
  lines.push('', '## Seen failing', '', 'Each suite was run once against a deliberately broken build (the break not committed) to show it can fail:', '');
  lines.push(seenFailing?.trim() || 'Not recorded yet.');
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

const report = buildReport(readFigures(), existsSync(SEEN_FAILING) ? readFileSync(SEEN_FAILING, 'utf8') : null);
writeFileSync(OUTPUT, report);
console.log(report);
console.log(`Written to ${path.relative(process.cwd(), OUTPUT)}.`);
