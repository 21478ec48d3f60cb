// Recalculating a workbook with LibreOffice headless, the way a manager's spreadsheet would
// (issue 21, Proof). CI installs it with apt (.ci/run); a machine without it fails the test that
// needs it, saying so: the proof is never skipped.

import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

const run = promisify(execFile);

/** LibreOffice's version line, or an error naming the package to install. */
export function libreOfficeVersion(): string {
  const found = spawnSync('soffice', ['--version'], { encoding: 'utf8' });
  if (found.error !== undefined || found.status !== 0) {
    throw new Error(
      'LibreOffice (soffice) is not installed: install it with `apt-get install -y --no-install-recommends libreoffice-calc-nogui` (.ci/run does)',
    );
  }
  return found.stdout.trim();
}

// LibreOffice keeps the cached values of an xlsx by default ("never recalculate" on load):
// OOXMLRecalcMode 0 makes it recalculate every formula, so the values read back are its own.
const RECALCULATE_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/**
 * Each workbook opened, recalculated and saved as xlsx again by `soffice --headless
 * --convert-to xlsx`, in one run, with a profile of its own (so parallel runs do not share one).
 * Returns the saved bytes in the same order and the run's wall time in milliseconds.
 */
export async function recalculateWithLibreOffice(workbooks: readonly ArrayBuffer[]): Promise<{ recalculated: ArrayBuffer[]; milliseconds: number }> {
  libreOfficeVersion();
  const folder = await mkdtemp(path.join(tmpdir(), 'libreoffice-'));
  try {
    const profile = path.join(folder, 'profile');
    await mkdir(path.join(profile, 'user'), { recursive: true });
    await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), RECALCULATE_ALWAYS);
    const inputs = await Promise.all(
      workbooks.map(async (bytes, index) => {
        const file = path.join(folder, `in-${index}.xlsx`);
        await writeFile(file, Buffer.from(bytes));
        return file;
      }),
    );
    const out = path.join(folder, 'out');
    const started = performance.now();
    await run('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'xlsx', '--outdir', out, ...inputs], {
      timeout: 120_000,
    });
    const milliseconds = Math.round(performance.now() - started);
    const recalculated = await Promise.all(inputs.map(async (file) => new Uint8Array(await readFile(path.join(out, path.basename(file)))).buffer));
    return { recalculated, milliseconds };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
