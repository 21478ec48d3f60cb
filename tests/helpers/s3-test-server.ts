import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = {
  /** MEDIA_S3_URL of the server's bucket, with its keys. */
  url: string;
  stop: () => Promise<void>;
};

// s3rver takes any signature made with its own pair of keys.
const KEYS = 'S3RVER:S3RVER';

/**
 * A real S3-compatible server (s3rver: the S3 API over HTTP, objects in a folder) on a free port of
 * this machine, with one empty bucket, for tests of the media store in object storage.
 */
export async function startS3TestServer(bucket = 'media'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    url: `http://${KEYS}@127.0.0.1:${port}/${bucket}?region=eu-west-2`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
