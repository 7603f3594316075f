import { describe, expect, it } from 'vitest';
import { awsUriEncode, presignUrl, toAmzDate } from './sigv4.ts';

const AWS_EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('presignUrl', () => {
  it("reproduces AWS's published presigned-URL example exactly", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
    const url = presignUrl({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      region: 'us-east-1',
      credentials: AWS_EXAMPLE_CREDENTIALS,
      now: new Date('2013-05-24T00:00:00Z'),
      expiresInSeconds: 86400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs the method, path and host: changing any of them changes the signature', () => {
    const base = { region: 'us-east-1', credentials: AWS_EXAMPLE_CREDENTIALS, now: new Date('2026-01-01T00:00:00Z'), expiresInSeconds: 900 };
    const signatureOf = (method: string, url: string) => new URL(presignUrl({ ...base, method, url })).searchParams.get('X-Amz-Signature');
    const put = signatureOf('PUT', 'http://127.0.0.1:9000/bucket/uploads/a');
    expect(put).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureOf('GET', 'http://127.0.0.1:9000/bucket/uploads/a')).not.toBe(put);
    expect(signatureOf('PUT', 'http://127.0.0.1:9000/bucket/uploads/b')).not.toBe(put);
    expect(signatureOf('PUT', 'http://127.0.0.1:9001/bucket/uploads/a')).not.toBe(put);
  });

  it('keeps a non-default port in the URL it returns', () => {
    const url = presignUrl({
      method: 'PUT',
      url: 'http://localhost:9000/bucket/uploads/x',
      region: 'us-east-1',
      credentials: AWS_EXAMPLE_CREDENTIALS,
      now: new Date(),
      expiresInSeconds: 60,
    });
    expect(url.startsWith('http://localhost:9000/bucket/uploads/x?')).toBe(true);
  });
});

describe('awsUriEncode', () => {
  it("encodes the characters encodeURIComponent leaves alone and keeps '-_.~'", () => {
    expect(awsUriEncode("a!b'c(d)e*f")).toBe('a%21b%27c%28d%29e%2Af');
    expect(awsUriEncode('AZaz09-_.~')).toBe('AZaz09-_.~');
    expect(awsUriEncode('a/b c')).toBe('a%2Fb%20c');
  });
});

describe('toAmzDate', () => {
  it('formats as yyyymmddThhmmssZ', () => {
    expect(toAmzDate(new Date('2013-05-24T01:02:03.456Z'))).toBe('20130524T010203Z');
  });
});
