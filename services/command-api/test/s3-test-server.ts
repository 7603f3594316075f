import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's built-in account; it checks every SigV4 signature against this secret. */
export const S3RVER_BUCKET = { bucket: 'acres-test', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * For tests: a real S3-protocol server (s3rver, objects on disk in a temporary folder) on
 * a loopback port, with one bucket. It verifies query-string SigV4 signatures and their
 * expiry as S3 does; it does not model CORS or honour If-Match.
 */
export const startS3Server = async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'acres-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3RVER_BUCKET.bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
