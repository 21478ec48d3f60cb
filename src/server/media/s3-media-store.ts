import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStore } from './media-store.js';
import { parseS3Url } from './s3-url.js';

/**
 * The media library in a bucket of S3-compatible object storage (MEDIA_S3_URL: Amazon S3, or any
 * server that speaks its API). Addressed by path (endpoint/bucket/name), which every such server
 * accepts; checksums only where the API requires them, as many such servers do not take the
 * streamed checksums the SDK otherwise sends.
 */
export function s3MediaStore(url: string): MediaStore {
  const location = parseS3Url(url);
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const keyOf = (name: string) => `${location.prefix}${name}`;
  return {
    description: `bucket ${Bucket}${location.prefix ? ` (under ${location.prefix})` : ''} at ${location.endpoint}`,
    // New names are 128 random bits, so writing over one never happens by chance; `replace` needs no check here.
    write: async (name, bytes, { contentType }) => {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: bytes, ContentType: contentType }));
    },
    remove: async (name) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    size: async (name) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    read: async (name, range) => {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      if (!(object.Body instanceof Readable)) throw new Error(`The storage sent no readable body for ${name}`);
      return object.Body;
    },
    list: async function* () {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: location.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(location.prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
