import { describe, expect, it } from 'vitest';
import { byteRangeOf } from '../../src/server/routes/media/byte-range';
import { mediaStoreOf } from '../../src/server/media/media-store';
import { parseS3Url } from '../../src/server/media/s3-url';

describe('MEDIA_S3_URL', () => {
  it('reads the endpoint, bucket, prefix, region and URL-encoded keys', () => {
    expect(parseS3Url('https://AKIA%2F1:se%40cret@s3.eu-west-2.amazonaws.com/pictures/site/media?region=eu-west-2')).toEqual({
      endpoint: 'https://s3.eu-west-2.amazonaws.com',
      bucket: 'pictures',
      prefix: 'site/media/',
      region: 'eu-west-2',
      accessKeyId: 'AKIA/1',
      secretAccessKey: 'se@cret',
    });
    expect(parseS3Url('http://k:s@127.0.0.1:9000/media')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      prefix: '',
      region: 'us-east-1',
    });
  });

  it.each([
    ['ftp://k:s@host/bucket', /uses ftp: instead of https: or http:/],
    ['https://host/bucket', /has no access key and secret key/],
    ['https://k:s@host/', /names no bucket/],
    ['not a url', /is not a URL/],
  ])('refuses %s, naming what is wrong and the expected form', (url, message) => {
    expect(() => parseS3Url(url)).toThrow(message);
    expect(() => parseS3Url(url)).toThrow(/expected https:\/\/ACCESS_KEY:SECRET_KEY@host/);
  });

  it('stops the server from starting with a wrong one: the store is made when the routes are', () => {
    expect(() => mediaStoreOf({ mediaDir: '/tmp/unused', mediaS3Url: 'https://host/bucket' })).toThrow(/MEDIA_S3_URL has no access key/);
  });
});

describe('byteRangeOf (a Range header against a file of 1,000 bytes)', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    [undefined, null],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=50-10', null],
    ['bytes=-', null],
  ] as const)('%s gives %j', (header, expected) => {
    expect(byteRangeOf(header, 1000)).toEqual(expected);
  });
});
