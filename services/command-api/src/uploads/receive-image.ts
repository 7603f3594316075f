import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, type AllowedImageType } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { createImageHeaderReader, exceedsPixelLimit, MAX_IMAGE_PIXELS, type HeaderOutcome } from './image-header.ts';

export const FILE_TOO_LARGE_MESSAGE = 'File is larger than 5 MB';
export const NOT_AN_IMAGE_MESSAGE = 'Only JPG, PNG or WebP images are accepted';
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const TOO_MANY_PIXELS_MESSAGE = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const UNREADABLE_IMAGE_MESSAGE = 'The image’s width and height could not be read; it may be damaged';
export const UPLOAD_INTERRUPTED_MESSAGE = 'The upload was interrupted';

const fileError = (
  code: 'payload_too_large' | 'unsupported_media_type' | 'unprocessable' | 'validation_failed',
  message: string,
) => new DomainError(code, message, [{ field: 'file', message }]);
export const fileTooLarge = () => fileError('payload_too_large', FILE_TOO_LARGE_MESSAGE);
export const notAnImage = () => fileError('unsupported_media_type', NOT_AN_IMAGE_MESSAGE);

/** The error for a header that rules the file out, else null. */
const refusalOf = (outcome: HeaderOutcome): DomainError | null => {
  if (outcome === 'not-an-image') return notAnImage();
  if (outcome === 'unreadable') return fileError('unprocessable', UNREADABLE_IMAGE_MESSAGE);
  return exceedsPixelLimit(outcome) ? fileError('unprocessable', TOO_MANY_PIXELS_MESSAGE) : null;
};

export type ReceivedImage = { sizeBytes: number; contentType: AllowedImageType };

/**
 * Copies the request body into file while counting it and reading its header. Stops
 * reading (and throws) the moment the body passes maxBytes or its header rules it out
 * (not an image, unreadable, too many pixels), so at most maxBytes are ever written and
 * nothing is held in memory beyond one chunk. A body that ends early, is aborted, or
 * was already gone when this was called rejects at once, so the caller's cleanup runs.
 * It never destroys the stream: the caller still answers on the same connection.
 */
export const receiveImage = (options: { body: Readable; file: FileHandle; maxBytes?: number }): Promise<ReceivedImage> => {
  const { body, file } = options;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const header = createImageHeaderReader();
  let size = 0;
  let contentType: AllowedImageType | null = null;
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
      if (size > maxBytes) return finish(fileTooLarge());
      if (!contentType) {
        const outcome = header.push(chunk);
        if (outcome) {
          const refusal = refusalOf(outcome);
          if (refusal) return finish(refusal);
          contentType = (outcome as { contentType: AllowedImageType }).contentType;
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
        const refusal = refusalOf(outcome);
        if (refusal) return finish(refusal);
        finish(null, { sizeBytes: size, contentType: (outcome as { contentType: AllowedImageType }).contentType });
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
