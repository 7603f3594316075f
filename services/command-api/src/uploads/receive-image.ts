import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadContentType, UploadPurpose } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { exceedsPixelLimit, MAX_IMAGE_PIXELS } from './image-header.ts';
import {
  createUploadHeaderReader,
  FILE_TOO_LARGE_MESSAGE,
  maxBytesOf,
  NOT_AN_IMAGE_MESSAGE,
  tooLargeMessageOf,
  wrongTypeMessageOf,
  type UploadHeader,
  type UploadHeaderOutcome,
} from './upload-header.ts';

export { FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE };
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const TOO_MANY_PIXELS_MESSAGE = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const UNREADABLE_IMAGE_MESSAGE = 'The image’s width and height could not be read; it may be damaged';
export const UPLOAD_INTERRUPTED_MESSAGE = 'The upload was interrupted';

const fileError = (
  code: 'payload_too_large' | 'unsupported_media_type' | 'unprocessable' | 'validation_failed',
  message: string,
) => new DomainError(code, message, [{ field: 'file', message }]);
export const fileTooLarge = (purpose: UploadPurpose = 'payment-proof') =>
  fileError('payload_too_large', tooLargeMessageOf(purpose));
export const notAnImage = (purpose: UploadPurpose = 'payment-proof') =>
  fileError('unsupported_media_type', wrongTypeMessageOf(purpose));

/** The error for a header that rules the file out, else null. */
const refusalOf = (outcome: UploadHeaderOutcome, purpose: UploadPurpose): DomainError | null => {
  if (outcome === 'not-an-image') return notAnImage(purpose);
  if (outcome === 'unreadable') return fileError('unprocessable', UNREADABLE_IMAGE_MESSAGE);
  return exceedsPixelLimit(outcome) ? fileError('unprocessable', TOO_MANY_PIXELS_MESSAGE) : null;
};

export type ReceivedImage = { sizeBytes: number; contentType: UploadContentType };

/**
 * Copies the request body into file while counting it and reading its header. Stops
 * reading (and throws) the moment the body passes maxBytes or its header rules it out
 * (not an image, unreadable, too many pixels), so at most maxBytes are ever written and
 * nothing is held in memory beyond one chunk. A body that ends early, is aborted, or
 * was already gone when this was called rejects at once, so the caller's cleanup runs.
 * It never destroys the stream: the caller still answers on the same connection.
 */
export const receiveImage = (options: {
  body: Readable;
  file: FileHandle;
  maxBytes?: number;
  purpose?: UploadPurpose;
}): Promise<ReceivedImage> => {
  const { body, file } = options;
  const purpose = options.purpose ?? 'payment-proof';
  const maxBytes = options.maxBytes ?? maxBytesOf(purpose);
  const header = createUploadHeaderReader(purpose);
  let size = 0;
  let contentType: UploadContentType | null = null;
  let ended = false;
  let settled = false;
  let writes: Promise<unknown> = Promise.resolve();

  return new Promise<ReceivedImage>((resolve, reject) => {
    const finish = (error: Error | null, value?: ReceivedImage) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('aborted', onInterrupted);
      body.off('close', onClose);
      if (error) {
        body.pause();
        // Let any write in flight settle before the caller closes the file.
        void writes.finally(() => reject(error));
      } else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(fileTooLarge(purpose));
      if (!contentType) {
        const outcome = header.push(chunk);
        if (outcome) {
          const refusal = refusalOf(outcome, purpose);
          if (refusal) return finish(refusal);
          contentType = (outcome as UploadHeader).contentType;
        }
      }
      // Back-pressure: the socket waits while the disk catches up.
      body.pause();
      writes = writes
        .then(() => file.write(chunk))
        .then(
          () => {
            if (!settled) body.resume();
          },
          (error: Error) => finish(error),
        );
    };
    const onEnd = () => {
      ended = true;
      void writes.then(() => {
        if (size === 0) return finish(fileError('validation_failed', EMPTY_FILE_MESSAGE));
        const outcome = header.end();
        const refusal = refusalOf(outcome, purpose);
        if (refusal) return finish(refusal);
        finish(null, { sizeBytes: size, contentType: (outcome as UploadHeader).contentType });
      });
    };
    const onError = (error: Error) => finish(error);
    const onInterrupted = () => finish(new DomainError('validation_failed', UPLOAD_INTERRUPTED_MESSAGE));
    // A stream closed without 'end' was cut off, whether or not it said 'aborted' first.
    const onClose = () => {
      if (!ended) onInterrupted();
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('aborted', onInterrupted);
    body.on('close', onClose);
    // The client may have gone while the request waited for its checks: no event would come.
    if (body.destroyed || (body as { aborted?: boolean }).aborted) return onInterrupted();
    body.resume();
  });
};
