import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import Uppy, { type Meta } from '@uppy/core';
import { type UploadPurpose, UploadUrlResponseSchema } from '@acres/contracts';
import { apiJson } from '@/lib/api-client';
import { UploadUrlError } from './upload-errors';

export type UploaderUppy = Uppy<Meta, AwsBody>;

export type UploaderRestrictions = {
  maxFileSize: number;
  allowedFileTypes: string[];
  maxNumberOfFiles: number;
};

export type CreateUppyOptions = {
  restrictions: UploaderRestrictions;
  /** Read at upload time, so the caller may change it without a new Uppy. */
  getPurpose?: () => UploadPurpose | undefined;
  /** Called when the upload URL could not be obtained (SPEC 8 'Upload Error'). */
  onUploadUrlError: (error: unknown) => void;
};

/** POST /api/objects/upload: a one-use signed URL and the path the server will give the object. */
async function requestUploadTarget(purpose: UploadPurpose | undefined) {
  const answer = await apiJson<unknown>('POST', '/api/objects/upload', purpose ? { purpose } : undefined);
  return UploadUrlResponseSchema.parse(answer);
}

/**
 * One Uppy with the S3 uploader in its simple-PUT mode. `signRequest` is SPEC 7's
 * "function that obtains the upload URL": every attempt (and every retry) asks the
 * server for a fresh one-use URL. The server names the object and tells us its path in
 * that same answer; we hand it to Uppy as the object key, so `upload-success` carries
 * the server's path in `body.key` for the local store and for an S3 bucket alike (a
 * bucket's PUT answer has no JSON body to read it from).
 */
export function createUppy({ restrictions, getPurpose, onUploadUrlError }: CreateUppyOptions): UploaderUppy {
  const uppy = new Uppy<Meta, AwsBody>({
    autoProceed: false,
    allowMultipleUploadBatches: false,
    restrictions: { ...restrictions, minNumberOfFiles: 1 },
  });
  uppy.use(AwsS3<Meta, AwsBody>, {
    shouldUseMultipart: false,
    limit: 1,
    signRequest: async (request) => {
      if (request.method !== 'PUT' || 'uploadId' in request) {
        throw new Error(`The uploader asked to sign an unsupported request (${request.method})`);
      }
      let target: { uploadURL: string; objectPath?: string | undefined };
      try {
        target = await requestUploadTarget(getPurpose?.());
      } catch (error) {
        onUploadUrlError(error);
        throw new UploadUrlError(error);
      }
      if (!target.objectPath) {
        onUploadUrlError(new Error('The upload URL answer did not name the object'));
        throw new UploadUrlError(null);
      }
      // No headers: the S3 client already sends the file's own Content-Type (a second,
      // differently cased one would be joined into 'image/png, image/png').
      // Absolute: the S3 client parses the URL, and the local store answers a root-relative one.
      const url = new URL(target.uploadURL, window.location.href).toString();
      return { url, key: target.objectPath };
    },
  });
  return uppy;
}
