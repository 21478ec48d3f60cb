import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm run seen-failing [-- suite ...]`: shows that each proof-under-load suite can fail. For
// every suite it plants a break in the product (a text replacement in a source file), runs the
// suite's quick form, puts the file back whatever happens, and records whether the suite failed
// and how. The results go to reports/seen-failing.md, which the report quotes. The breaks are
// never committed; the suites' own figures are kept out of reports/figures during these runs.

type Patch = { file: string; find: string; replace: string };
type Break = { suite: string; what: string; patches: Patch[]; command: string[]; env?: Record<string, string> };

const vitest = (project: string, ...files: string[]) => ['npx', 'vitest', 'run', '--project', project, ...files];

const BREAKS: Break[] = [
  {
    suite: 'fuzz',
    what: 'a body that fails validation is answered 500 instead of 400',
    patches: [{ file: 'src/server/error-handler.ts', find: '    return send(reply, 400, items);', replace: '    return send(reply, 500, items);' }],
    command: vitest('api', 'tests/api/fuzz-routes.test.ts'),
    env: { FUZZ_RUNS: '200' },
  },
  {
    suite: 'crash-recovery',
    what: 'a payment is acknowledged before it is stored (written 300 ms after the answer)',
    patches: [
      {
        file: 'src/server/routes/bookings/payment-routes.ts',
        find: '      return insertPayment(trx, {',
        replace:
          "      setTimeout(() => void db.insertInto('payments').values({ booking_id: bookingId, amount: body.amount, status: body.status, " +
          'tx_code: body.tx_code, sagepay_reference: body.sagepay_reference, comment: body.comment }).execute(), 300);\n' +
          '      if (bookingId) return { id: 0 };\n      return insertPayment(trx, {',
      },
    ],
    command: vitest('api', 'tests/api/crash-recovery.test.ts'),
    env: { CRASH_CYCLES: '3' },
  },
  {
    suite: 'concurrency',
    what: 'a season save no longer checks the version it was read at',
    patches: [
      {
        file: 'src/server/pricing/bump-season-version.ts',
        find: "    .where('version', '=', expectedVersion)\n    .returning('id')",
        replace: "    .returning('id')",
      },
    ],
    command: vitest('api', 'tests/api/concurrency.test.ts'),
  },
  {
    suite: 'load',
    what: 'booking list pages past the 500th answer 500',
    patches: [
      {
        file: 'src/server/routes/bookings/booking-list-routes.ts',
        find: '      const page = query.page ?? 1;\n',
        replace: "      const page = query.page ?? 1;\n      if (page > 500) throw new Error('planted failure');\n",
      },
    ],
    command: ['npx', 'vitest', 'run', '--project', 'stress', 'tests/stress/load.test.ts'],
    env: { REPORT_MODE: 'stress', LOAD_SECONDS: '3' },
  },
  {
    suite: 'stall-attacks',
    what: 'a formula referring past the last row reaches the engine again (it grows its sheet to row 999,999)',
    patches: [{ file: 'src/formulas/row-input.ts', find: '  if (rowBeyond(entry.formula, rowCount) !== undefined) return FAR_REFERENCE;\n', replace: '' }],
    command: ['npx', 'vitest', 'run', '--project', 'stress', 'tests/stress/stall-attacks.test.ts'],
    env: { REPORT_MODE: 'stress' },
  },
  {
    suite: 'hostile-load',
    what: 'rich text is no longer checked for depth (schemas and sanitiser), so 60,000 nested list items are sanitised in full',
    patches: [
      {
        file: 'src/domain/reference/rich-text.ts',
        find: 'export function nestsTooDeep(html: string, limit = RICH_TEXT_MAX_DEPTH): boolean {\n',
        replace: 'export function nestsTooDeep(html: string, limit = RICH_TEXT_MAX_DEPTH): boolean {\n  if (limit > 0) return false;\n',
      },
      { file: 'src/server/sanitize-rich-text.ts', find: '        if (depth > RICH_TEXT_MAX_DEPTH) throw new TooDeep();\n', replace: '' },
    ],
    command: ['npx', 'vitest', 'run', '--project', 'stress', 'tests/stress/upload-and-publish-attacks.test.ts'],
    env: { REPORT_MODE: 'stress' },
  },
  {
    suite: 'security',
    what: '`GET notes` answers without a token',
    patches: [
      { file: 'src/server/auth/auth-hook.ts', find: 'if (config?.public) return;', replace: "if (config?.public || request.url.endsWith('/notes')) return;" },
    ],
    command: vitest('api', 'tests/api/route-auth.test.ts', 'tests/api/security.test.ts'),
  },
  {
    suite: 'security',
    what: 'answers lose the header that forbids framing (helmet frameguard off, CSP without frame-ancestors)',
    patches: [
      { file: 'src/server/app.ts', find: "frameguard: { action: 'deny' }", replace: 'frameguard: false' },
      { file: 'src/server/app.ts', find: '  frameAncestors: ["\'none\'"],\n', replace: '' },
      { file: 'src/server/app.ts', find: "default-src 'none'; frame-ancestors 'none'", replace: "default-src 'none'" },
    ],
    command: vitest('api', 'tests/api/security.test.ts'),
  },
  {
    suite: 'xss',
    what: 'rich text is stored as sent and rendered as raw HTML (server sanitiser and the browser’s second fence both off)',
    patches: [
      {
        file: 'src/server/sanitize-rich-text.ts',
        find: '  return cleaned;\n',
        replace: '  return html.trim() || cleaned;\n',
      },
      {
        file: 'src/ui/safe-html.tsx',
        find: '  return <div className={className}>{Array.from(body.childNodes, toReact)}</div>;',
        replace:
          '  return body ? <div className={className} dangerouslySetInnerHTML={{ __html: html }} /> : <div>{Array.from(document.childNodes, toReact)}</div>;',
      },
    ],
    command: vitest('e2e', 'tests/e2e/xss.test.ts'),
  },
  {
    suite: 'accessibility',
    what: 'the bookings list’s View links become an icon with no accessible name',
    patches: [
      {
        file: 'src/screens/bookings/booking-list-screen.tsx',
        find: ' aria-label={`View ${booking.booking_reference}`}>\n          View\n',
        replace: '>\n          <span aria-hidden="true">›</span>\n',
      },
    ],
    command: vitest('e2e', 'tests/e2e/accessibility.test.ts'),
  },
  {
    suite: 'backup',
    what: 'the dump leaves out the payments table',
    patches: [
      {
        file: 'src/server/db/backup/dump-database.ts',
        find: '  for (const table of catalog.tables) {\n    rowCounts',
        replace: "  for (const table of catalog.tables.filter((candidate) => candidate.name !== 'payments')) {\n    rowCounts",
      },
    ],
    command: vitest('api', 'tests/api/backup-restore.test.ts'),
  },
  {
    suite: 'login-attacks',
    what: 'the login throttle counts a try without first checking that its address must wait',
    patches: [{ file: 'src/server/auth/login-throttle.ts', find: '      WHERE ${notWaiting}\n', replace: '' }],
    command: ['npx', 'vitest', 'run', '--project', 'stress', 'tests/stress/login-attacks.test.ts'],
    env: { REPORT_MODE: 'stress' },
  },
  {
    suite: 'layers',
    what: "src/domain imports the UI kit (an import against the layers' direction)",
    patches: [{ file: 'src/domain/iso-date.ts', find: "import { z } from 'zod';\n", replace: "import { z } from 'zod';\nimport '../ui/status-views.js';\n" }],
    command: ['npx', 'eslint', '--max-warnings', '0', 'src/domain/iso-date.ts'],
  },
  {
    suite: 'layers',
    what: 'two domain files import each other (a cycle)',
    patches: [
      {
        file: 'src/domain/iso-date.ts',
        find: "import { z } from 'zod';\n",
        replace: "import { z } from 'zod';\nimport { id } from './record-id.js';\nexport const planted = id;\n",
      },
      {
        file: 'src/domain/record-id.ts',
        find: "import { z } from 'zod';\n",
        replace: "import { z } from 'zod';\nimport { isoDate } from './iso-date.js';\nexport const plantedToo = isoDate;\n",
      },
    ],
    command: ['npx', 'eslint', '--max-warnings', '0', 'src/domain/iso-date.ts', 'src/domain/record-id.ts'],
  },
];

const OUTPUT = path.resolve('reports/seen-failing.md');

function apply(patches: Patch[]): () => void {
  const originals = new Map<string, string>();
  try {
    for (const patch of patches) {
      const text = originals.get(patch.file) ?? readFileSync(patch.file, 'utf8');
      if (!originals.has(patch.file)) originals.set(patch.file, text);
      const current = readFileSync(patch.file, 'utf8');
      if (!current.includes(patch.find)) throw new Error(`The break no longer applies: ${patch.file} has no ${JSON.stringify(patch.find)}`);
      writeFileSync(patch.file, current.replace(patch.find, patch.replace));
    }
  } catch (error) {
    for (const [file, text] of originals) writeFileSync(file, text);
    throw error;
  }
  return () => {
    for (const [file, text] of originals) writeFileSync(file, text);
  };
}

/** The first lines that say what failed, without colour codes. */
function failureExcerpt(output: string): string {
  const lines = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n');
  const start = lines.findIndex((line) => /^ FAIL /.test(line));
  const picked = (start >= 0 ? lines.slice(start, start + 6) : lines.filter((line) => /×|Error|expected|\berror\b/.test(line)).slice(0, 6))
    .map((line) => line.trim())
    .filter(Boolean);
  return picked.join(' / ').slice(0, 600);
}

const wanted = new Set(process.argv.slice(2));
const breaks = BREAKS.filter((item) => wanted.size === 0 || wanted.has(item.suite));
const figures = mkdtempSync(path.join(tmpdir(), 'seen-failing-figures-'));
const results: string[] = [];
let restore: (() => void) | null = null;
process.on('SIGINT', () => {
  restore?.();
  process.exit(130);
});

try {
  for (const item of breaks) {
    console.log(`\n${item.suite}: ${item.what}`);
    restore = apply(item.patches);
    const started = Date.now();
    let run;
    try {
      run = spawnSync(item.command[0], item.command.slice(1), {
        encoding: 'utf8',
        env: { ...process.env, ...item.env, REPORT_FIGURES_DIR: figures },
        maxBuffer: 256 * 1024 * 1024,
      });
    } finally {
      restore();
      restore = null;
    }
    const failed = run.status !== 0;
    const seconds = Math.round((Date.now() - started) / 1000);
    const excerpt = failureExcerpt(`${run.stdout}\n${run.stderr}`);
    console.log(failed ? `  failed as it should (${seconds} s): ${excerpt}` : `  PASSED despite the break (${seconds} s)`);
    const command = [...Object.entries(item.env ?? {}).map(([key, value]) => `${key}=${value}`), ...item.command].join(' ');
    results.push(
      `- **${item.suite}**: ${item.what}. \`${command}\` ${failed ? `failed, as it should: ${excerpt}` : '**passed: the suite did not notice this break**'}`,
    );
  }
} finally {
  rmSync(figures, { recursive: true, force: true });
}

const header = [
  `Recorded by \`npm run seen-failing\` on ${new Date().toISOString().slice(0, 10)}. Each break was planted in the product, the suite`,
  'run, and the file put back; nothing of it is committed.',
  '',
];
const previous = wanted.size
  ? readFileSync(OUTPUT, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('- **') && !breaks.some((item) => line.startsWith(`- **${item.suite}**`)))
  : [];
writeFileSync(OUTPUT, `${[...header, ...previous, ...results].join('\n')}\n`);
console.log(`\nWritten to ${path.relative(process.cwd(), OUTPUT)}.`);
