import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { AwsV4Signer } from 'aws4fetch';
import { isObjectId, type ObjectStat, type ObjectStore } from './object-store.ts';
import { UPLOAD_URL_TTL_MS } from './upload-token.ts';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, an assumed role): signed into every URL as X-Amz-Security-Token. */
  sessionToken?: string | undefined;
};

export type S3ObjectStore = ObjectStore & { kind: 's3' };

/** Server-side calls (HEAD, GET, DELETE) use short-lived presigned URLs too. */
const SERVER_CALL_TTL_SECONDS = 60;

const unexpected = (what: string, response: Response) =>
  new Error(`S3 ${what} answered ${response.status} ${response.statusText}`);

/** 20130524T000000Z */
const toAmzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * An S3-compatible bucket, addressed path-style (`${endpoint}/${bucket}/uploads/<uuid>`),
 * which MinIO, Ceph, R2 and AWS all accept. The browser PUTs straight to a presigned
 * URL; nothing about its bytes is trusted until verifyUploadedObject checked them.
 * The bucket needs a CORS rule allowing PUT from the site's origin.
 */
export const createS3Store = (options: S3Options & { now?: () => Date }): S3ObjectStore => {
  const now = options.now ?? (() => new Date());
  const base = options.endpoint.replace(/\/+$/, '');
  // Signing keys are derived once per day and region; share them between signers.
  const cache = new Map<string, ArrayBuffer>();

  // The browser's presigned PUT writes `uploads/<id>`; the checked bytes are copied to
  // `kept/<id>`, for which no URL is ever signed, so the upload URL is single-use in effect:
  // whatever is PUT to it after the check reaches nothing that is served.
  const keyUrl = (objectId: string, prefix: 'uploads' | 'kept' = 'uploads') => {
    if (!isObjectId(objectId)) throw new TypeError(`Not an object id: ${JSON.stringify(objectId)}`);
    return `${base}/${encodeURIComponent(options.bucket)}/${prefix}/${objectId}`;
  };
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
    service: 's3',
    region: options.region,
    cache,
  };
  /**
   * A SigV4 query-signed URL (aws4fetch). Only host is signed and the payload is
   * UNSIGNED-PAYLOAD, so the browser may send any Content-Type; the bytes are checked
   * after upload instead.
   */
  const sign = async (method: string, url: URL, at: Date, expiresInSeconds: number) => {
    url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
    const signer = new AwsV4Signer({ ...credentials, method, url: url.toString(), signQuery: true, datetime: toAmzDate(at) });
    return (await signer.sign()).url.toString();
  };
  const call = async (method: string, url: string, headers: Record<string, string> = {}) =>
    fetch(await sign(method, new URL(url), now(), SERVER_CALL_TTL_SECONDS), { method, headers });

  const head = async (url: string): Promise<ObjectStat | null> => {
    const response = await call('HEAD', url);
    if (response.status === 404) return null;
    if (!response.ok) throw unexpected('HEAD', response);
    const size = Number(response.headers.get('content-length'));
    if (!Number.isSafeInteger(size)) throw new Error('S3 HEAD answered without a Content-Length');
    return { sizeBytes: size, etag: response.headers.get('etag') };
  };
  const get = async (url: string, range: { start?: number; end?: number; etag?: string | null }) => {
    const headers: Record<string, string> = {};
    if (range.start !== undefined || range.end !== undefined) headers.range = `bytes=${range.start ?? 0}-${range.end ?? ''}`;
    // Pinned to the checked version: a later PUT to a still-valid URL reads as missing.
    if (range.etag) headers['if-match'] = range.etag;
    const response = await call('GET', url, headers);
    if (response.status === 404 || response.status === 412) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) throw unexpected('GET', response);
    // Not every S3-compatible server honours If-Match on GET: compare the version ourselves.
    if (range.etag && response.headers.get('etag') !== range.etag) {
      await response.body.cancel();
      return null;
    }
    return Readable.fromWeb(response.body as NodeWebStream<Uint8Array>);
  };
  const remove = async (url: string) => {
    const response = await call('DELETE', url);
    if (!response.ok && response.status !== 404) throw unexpected('DELETE', response);
  };
  /** A server-side copy, signed in its headers: S3 refuses x-amz-* headers a query signature leaves out. */
  const copy = async (from: string, to: string) => {
    const signer = new AwsV4Signer({
      ...credentials,
      method: 'PUT',
      url: to,
      headers: { 'x-amz-copy-source': new URL(from).pathname },
      datetime: toAmzDate(now()),
    });
    const signed = await signer.sign();
    const response = await fetch(signed.url, { method: 'PUT', headers: signed.headers });
    await response.arrayBuffer();
    if (response.status === 404) return false;
    if (!response.ok) throw unexpected('PUT (copy)', response);
    return true;
  };

  return {
    kind: 's3',
    createUploadTarget: async ({ objectId, now: at }) => ({
      uploadURL: await sign('PUT', new URL(keyUrl(objectId)), at, UPLOAD_URL_TTL_MS / 1000),
    }),
    // The kept copy once there is one; before the check, what the browser uploaded.
    statObject: async (objectId) => (await head(keyUrl(objectId, 'kept'))) ?? head(keyUrl(objectId)),
    readObject: async (objectId, range = {}) => (await get(keyUrl(objectId, 'kept'), range)) ?? get(keyUrl(objectId), range),
    keepObject: async (objectId) => {
      const kept = keyUrl(objectId, 'kept');
      if (await head(kept)) return;
      if (await copy(keyUrl(objectId), kept)) await remove(keyUrl(objectId));
    },
    deleteObject: async (objectId) => {
      await remove(keyUrl(objectId, 'kept'));
      await remove(keyUrl(objectId));
    },
  };
};
