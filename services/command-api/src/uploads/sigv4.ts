import { createHash, createHmac } from 'node:crypto';

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string };

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent leaves !'()* alone, AWS does not. */
export const awsUriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** 20130524T000000Z */
export const toAmzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export const deriveSigningKey = (options: { secretAccessKey: string; date: string; region: string; service: string }) =>
  hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, options.date), options.region), options.service), 'aws4_request');

/**
 * A SigV4 query-string-signed ("presigned") URL: anyone holding it may perform method
 * on url until expiresInSeconds after now. Only host is signed, and the payload is
 * UNSIGNED-PAYLOAD (S3 accepts that for presigned requests), so the browser may send
 * any Content-Type; the bytes are checked after upload instead.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
export const presignUrl = (options: {
  method: string;
  url: string;
  region: string;
  service?: string;
  credentials: AwsCredentials;
  now: Date;
  expiresInSeconds: number;
}): string => {
  const service = options.service ?? 's3';
  const url = new URL(options.url);
  const amzDate = toAmzDate(options.now);
  const date = amzDate.slice(0, 8);
  const scope = `${date}/${options.region}/${service}/aws4_request`;

  url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  url.searchParams.set('X-Amz-Credential', `${options.credentials.accessKeyId}/${scope}`);
  url.searchParams.set('X-Amz-Date', amzDate);
  url.searchParams.set('X-Amz-Expires', String(options.expiresInSeconds));
  url.searchParams.set('X-Amz-SignedHeaders', 'host');

  const canonicalQuery = [...url.searchParams.entries()]
    .map(([key, value]) => [awsUriEncode(key), awsUriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  // S3 keys are signed as they appear in the path, each segment encoded once.
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => awsUriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    options.method.toUpperCase(),
    canonicalPath || '/',
    canonicalQuery,
    `host:${url.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = deriveSigningKey({ secretAccessKey: options.credentials.secretAccessKey, date, region: options.region, service });
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `${url.origin}${canonicalPath || '/'}?${canonicalQuery}&X-Amz-Signature=${signature}`;
};
