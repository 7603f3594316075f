// An S3-compatible bucket for the topology (s3rver, which checks every SigV4 signature), on
// an address of this machine the services' hosts reach: the command API presigns its URLs and
// checks the objects there; the journey PUTs to it as a browser does.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

const BUCKET = { bucket: 'acres-topology', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const startBucket = async (address: string) => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'acres-topology-s3-'));
  const server = new S3rver({
    address,
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET.bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  return {
    endpoint,
    /** The command API's S3 variables (docker-compose.yml passes the same). */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET.bucket,
      S3_REGION: BUCKET.region,
      S3_ACCESS_KEY_ID: BUCKET.accessKeyId,
      S3_SECRET_ACCESS_KEY: BUCKET.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
