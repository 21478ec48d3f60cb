/** Where and how to reach a bucket of S3-compatible object storage, read from MEDIA_S3_URL. */
export type S3Location = {
  endpoint: string;
  bucket: string;
  /** Prepended to every object's name ("" or "some/folder/"). */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export const MEDIA_S3_URL_FORMAT = 'https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]?region=REGION';

/**
 * Reads MEDIA_S3_URL: `https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]?region=eu-west-2`
 * (http for a storage server on the same machine; keys URL-encoded; region us-east-1 when not
 * given). Throws an error naming what is missing, so a wrong setting stops the server at start.
 */
export function parseS3Url(text: string): S3Location {
  const refuse = (why: string) => new Error(`MEDIA_S3_URL ${why}; expected ${MEDIA_S3_URL_FORMAT}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse(`uses ${url.protocol} instead of https: or http:`);
  if (!url.username || !url.password) throw refuse('has no access key and secret key before the host');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw refuse('names no bucket after the host');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket: decodeURIComponent(bucket),
    prefix: rest.length ? `${rest.map(decodeURIComponent).join('/')}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}
