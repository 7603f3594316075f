import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { isObjectId, type ObjectStore } from './object-store.ts';
import { presignUrl } from './sigv4.ts';
import { UPLOAD_URL_TTL_MS } from './upload-token.ts';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type S3ObjectStore = ObjectStore & { kind: 's3' };

/** Server-side calls (HEAD, GET, DELETE) use short-lived presigned URLs too. */
const SERVER_CALL_TTL_SECONDS = 60;

const unexpected = (what: string, response: Response) =>
  new Error(`S3 ${what} answered ${response.status} ${response.statusText}`);

/**
 * An S3-compatible bucket, addressed path-style (`${endpoint}/${bucket}/uploads/<uuid>`),
 * which MinIO, Ceph, R2 and AWS all accept. The browser PUTs straight to a presigned
 * URL; nothing about its bytes is trusted until verifyUploadedObject checked them.
 * The bucket needs a CORS rule allowing PUT from the site's origin.
 */
export const createS3Store = (options: S3Options & { fetch?: typeof fetch; now?: () => Date }): S3ObjectStore => {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = options.endpoint.replace(/\/+$/, '');
  const credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };

  const keyUrl = (objectId: string) => {
    if (!isObjectId(objectId)) throw new TypeError(`Not an object id: ${JSON.stringify(objectId)}`);
    return `${base}/${encodeURIComponent(options.bucket)}/uploads/${objectId}`;
  };
  const sign = (method: string, objectId: string, at: Date, expiresInSeconds: number) =>
    presignUrl({ method, url: keyUrl(objectId), region: options.region, credentials, now: at, expiresInSeconds });
  const call = (method: string, objectId: string, headers: Record<string, string> = {}) =>
    doFetch(sign(method, objectId, now(), SERVER_CALL_TTL_SECONDS), { method, headers });

  return {
    kind: 's3',
    createUploadTarget: ({ objectId, now: at }) => ({ uploadURL: sign('PUT', objectId, at, UPLOAD_URL_TTL_MS / 1000) }),
    statObject: async (objectId) => {
      const response = await call('HEAD', objectId);
      if (response.status === 404) return null;
      if (!response.ok) throw unexpected('HEAD', response);
      const size = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(size)) throw new Error('S3 HEAD answered without a Content-Length');
      return { sizeBytes: size, etag: response.headers.get('etag') };
    },
    readObject: async (objectId, range = {}) => {
      const headers: Record<string, string> = {};
      if (range.start !== undefined || range.end !== undefined) headers.range = `bytes=${range.start ?? 0}-${range.end ?? ''}`;
      // Pinned to the checked version: a later PUT to a still-valid URL reads as missing.
      if (range.etag) headers['if-match'] = range.etag;
      const response = await call('GET', objectId, headers);
      if (response.status === 404 || response.status === 412) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw unexpected('GET', response);
      return Readable.fromWeb(response.body as NodeWebStream<Uint8Array>);
    },
    deleteObject: async (objectId) => {
      const response = await call('DELETE', objectId);
      if (!response.ok && response.status !== 404) throw unexpected('DELETE', response);
    },
  };
};
