import { useEffect, useState } from 'react';
import { describeError } from '@/lib/problem';
import { adminObjectUrl, fetchAdminImage } from '../api/admin-client';
import { useAdminSession } from './admin-session';

export type AdminImage =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; url: string; sizeBytes: number; type: string }
  | { state: 'error'; message: string };

/**
 * An uploaded image shown to the admin: fetched with the Basic header into a Blob and
 * exposed as an object URL, which is revoked when the path changes or the component
 * goes away (closing a dialog frees the image's memory).
 */
export function useAdminImage(objectPath: string | null | undefined): AdminImage {
  const authorization = useAdminSession().session?.authorization ?? null;
  const [image, setImage] = useState<AdminImage>({ state: 'none' });
  const valid = adminObjectUrl(objectPath) !== null;

  useEffect(() => {
    if (!objectPath) {
      setImage({ state: 'none' });
      return;
    }
    if (!valid) {
      setImage({ state: 'error', message: 'The stored path does not name an uploaded file.' });
      return;
    }
    if (!authorization) return;
    const controller = new AbortController();
    let url: string | null = null;
    setImage({ state: 'loading' });
    fetchAdminImage(authorization, objectPath, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ state: 'ready', url, sizeBytes: blob.size, type: blob.type });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setImage({ state: 'error', message: describeError(error) || 'The image could not be loaded.' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [authorization, objectPath, valid]);

  return image;
}
