// How an address is read by the most lenient reader (a browser, a router, a server that decodes
// twice), so a check of where it leads cannot be fooled by encoding: shared by the redirects of
// the public site and the app's return address after login.

// Browsers drop tabs and line breaks inside an address ('/\t/evil' is '//evil'), and invisible
// characters (a zero-width space, a direction override) hide what an address is: refuse any.
const SPACE_CONTROL_OR_INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;
const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;
const MAX_DECODING_PASSES = 10;

/** One run of %XX decoded as UTF-8, or byte by byte when it is not UTF-8 ('%2f' is '/' either way). */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * The address as a lenient reader sees it, or null when it hides something: its percent-encoding
 * undone until nothing changes ('%252F' is '%2F' is '/'; null past ten layers), backslashes read
 * as slashes, and null if it holds whitespace, a control or an invisible character.
 */
export function readAddress(url: string): string | null {
  let current = url;
  for (let pass = 0; ; pass++) {
    const next = current.replace(PERCENT_RUN, decodeRun);
    if (next === current) break;
    if (pass === MAX_DECODING_PASSES) return null;
    current = next;
  }
  return SPACE_CONTROL_OR_INVISIBLE.test(current) ? null : current.replace(/\\/g, '/');
}

/**
 * The path a browser goes to for a path-absolute address, dot segments resolved: `/..//x/` is
 * `//x/`, which the next hop reads as the site x. `address` is what readAddress gave.
 */
export const resolvedPath = (address: string) => new URL(address, 'https://this-site.invalid/').pathname;

/**
 * True when `url` is a path of this site however it is read (decoded, backslashes as slashes,
 * dot segments resolved): its path starts with one slash, never two, and hides nothing. Its query
 * and fragment cannot lead elsewhere, so a search for 'a%20b' is still a path of this site.
 */
export function isPathOfThisSite(url: string): boolean {
  const address = readAddress(url.split(/[?#]/, 1)[0]);
  if (address === null || !address.startsWith('/') || address.startsWith('//')) return false;
  return !resolvedPath(address).startsWith('//');
}
