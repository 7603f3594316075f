import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { IMAGE_SNIFF_BYTES, MAX_UPLOAD_BYTES, sniffImageType, type AllowedImageType } from '@acres/contracts';
import { DomainError } from '@acres/platform/errors';

export const FILE_TOO_LARGE_MESSAGE = 'File is larger than 5 MB';
export const NOT_AN_IMAGE_MESSAGE = 'Only JPG, PNG or WebP images are accepted';
export const EMPTY_FILE_MESSAGE = 'The file is empty';

export const fileTooLarge = () => new DomainError('payload_too_large', FILE_TOO_LARGE_MESSAGE, [{ field: 'file', message: FILE_TOO_LARGE_MESSAGE }]);
export const notAnImage = () => new DomainError('unsupported_media_type', NOT_AN_IMAGE_MESSAGE, [{ field: 'file', message: NOT_AN_IMAGE_MESSAGE }]);

export type ReceivedImage = { sizeBytes: number; contentType: AllowedImageType };

/**
 * Copies the request body into file while counting and sniffing it. Stops reading (and
 * throws) the moment the body passes maxBytes or its first bytes are not an image, so
 * at most maxBytes are ever written and nothing is held in memory beyond one chunk.
 * It never destroys the stream: the caller still answers on the same connection.
 */
export const receiveImage = (options: { body: Readable; file: FileHandle; maxBytes?: number }): Promise<ReceivedImage> => {
  const { body, file } = options;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  let size = 0;
  let head = Buffer.alloc(0);
  let sniffed: AllowedImageType | null = null;
  let settled = false;
  let writes: Promise<unknown> = Promise.resolve();

  return new Promise<ReceivedImage>((resolve, reject) => {
    const finish = (error: Error | null, value?: ReceivedImage) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('aborted', onAborted);
      if (error) {
        body.pause();
        // Let any write in flight settle before the caller closes the file.
        void writes.finally(() => reject(error));
      } else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(fileTooLarge());
      if (sniffed === null && head.length < IMAGE_SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, IMAGE_SNIFF_BYTES - head.length)]);
        if (head.length >= IMAGE_SNIFF_BYTES) {
          sniffed = sniffImageType(head);
          if (!sniffed) return finish(notAnImage());
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
      void writes.then(() => {
        if (size === 0) {
          return finish(new DomainError('validation_failed', EMPTY_FILE_MESSAGE, [{ field: 'file', message: EMPTY_FILE_MESSAGE }]));
        }
        const type = sniffed ?? sniffImageType(head);
        if (!type) return finish(notAnImage());
        finish(null, { sizeBytes: size, contentType: type });
      });
    };
    const onError = (error: Error) => finish(error);
    const onAborted = () => finish(new DomainError('validation_failed', 'The upload was interrupted'));
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('aborted', onAborted);
    body.resume();
  });
};
