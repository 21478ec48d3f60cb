import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests and benches drive: `CHROMIUM_PATH` when set, else Debian's when
 * installed, else the one the `@sparticuz/chromium` npm package ships (unpacked into the temporary
 * folder on first use, about 10 s), so `npm ci && npm test` needs no browser installed by hand.
 * `CHROMIUM_PATH=packaged` forces the packaged one (CI proves the fallback with it).
 */
export async function chromiumPath(): Promise<string> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen && chosen !== 'packaged') return chosen;
  if (!chosen && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const packaged = (await import('@sparticuz/chromium')).default;
  return packaged.executablePath();
}
