import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { presignUrl } from './sigv4.ts';

export const FAKE_S3 = { bucket: 'acres-test', region: 'us-east-1', accessKeyId: 'FAKEKEY', secretAccessKey: 'fake-secret-key' };

/**
 * For tests only: the slice of the S3 API the store uses (presigned PUT, HEAD, ranged
 * and If-Match GET, DELETE), in memory. It re-derives each request's signature and
 * checks its expiry, so unsigned, altered or stale URLs are refused as S3 would.
 * It is not S3: CORS, multipart and error bodies are not modelled.
 */
export const startFakeS3 = async () => {
  const objects = new Map<string, { bytes: Buffer; etag: string }>();
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const isSigned = (request: IncomingMessage, url: URL) => {
    const q = url.searchParams;
    const date = q.get('X-Amz-Date') ?? '';
    const expires = Number(q.get('X-Amz-Expires'));
    const at = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
    if (Number.isNaN(at.getTime()) || at.getTime() + expires * 1000 < Date.now()) return false;
    const expected = presignUrl({
      method: request.method ?? 'GET',
      url: `http://${request.headers.host}${url.pathname}`,
      region: FAKE_S3.region,
      credentials: FAKE_S3,
      now: at,
      expiresInSeconds: expires,
    });
    return new URL(expected).searchParams.get('X-Amz-Signature') === q.get('X-Amz-Signature');
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (!isSigned(request, url)) return response.writeHead(403).end('SignatureDoesNotMatch');
    const key = url.pathname;
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        const bytes = await readBody(request);
        const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
        objects.set(key, { bytes, etag });
        return response.writeHead(200, { etag }).end();
      }
      case 'HEAD':
        if (!object) return response.writeHead(404).end();
        return response.writeHead(200, { 'content-length': object.bytes.length, etag: object.etag }).end();
      case 'GET': {
        if (!object) return response.writeHead(404).end();
        const ifMatch = request.headers['if-match'];
        if (ifMatch && ifMatch !== object.etag) return response.writeHead(412).end();
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        if (!range) return response.writeHead(200, { etag: object.etag }).end(object.bytes);
        const end = range[2] ? Number(range[2]) + 1 : object.bytes.length;
        return response.writeHead(206, { etag: object.etag }).end(object.bytes.subarray(Number(range[1]), end));
      }
      case 'DELETE':
        objects.delete(key);
        return response.writeHead(204).end();
      default:
        return response.writeHead(405).end();
    }
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    objects,
    keyOf: (objectPath: string) => `/${FAKE_S3.bucket}/uploads/${objectPath.split('/').pop()}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
