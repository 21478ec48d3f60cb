/**
 * The tour's page on the public website, from the server's SITE_HOST ('www.example.com' or a full
 * 'https://...' address). Null while SITE_HOST is not an address, so View is not a broken link.
 */
export function publicTourUrl(siteHost: string, slug: string): string | null {
  const host = siteHost.trim().replace(/\/+$/, '');
  if (!host || /\s/.test(host) || !host.includes('.')) return null;
  const base = /^https?:\/\//.test(host) ? host : `https://${host}`;
  return `${base}/tours/${encodeURIComponent(slug)}/`;
}
