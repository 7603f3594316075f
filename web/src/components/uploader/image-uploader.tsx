import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-theme.css';
import type { AwsBody } from '@uppy/aws-s3';
import type { Meta, UppyFile } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState } from 'react';
import { UPLOADER_DEFAULT_MAX_BYTES, type UploadPurpose } from '@acres/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { createUppy, type UploaderUppy } from './create-uppy';
import { formatBytes } from './format-bytes';
import { describeUploadError, UploadUrlError } from './upload-errors';

export const DEFAULT_ALLOWED_FILE_TYPES: readonly string[] = ['image/*'];

/** The file the user uploaded, independent of the uploader library. */
export type UploadedFile = { name: string; type: string; size: number; data: Blob };

export type ImageUploaderProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server stored the file: its object path ('/objects/uploads/<uuid>'). */
  onComplete: (objectPath: string, file: UploadedFile) => void;
  /** Bytes; SPEC 5 default 10 MB. Proofs and passport photos pass MAX_UPLOAD_BYTES (5 MB). */
  maxFileSize?: number;
  /** MIME types or wildcards; default image/*. */
  allowedFileTypes?: readonly string[];
  maxNumberOfFiles?: number;
  /** Line under the drop zone; by default states the type and size limits. */
  note?: string;
  title?: string;
  description?: string;
  /** Tells the server what the image is for (POST /api/objects/upload `purpose`). */
  purpose?: UploadPurpose;
};

function describeLimits(allowed: readonly string[], maxFileSize: number, maxFiles: number): string {
  const kind = allowed.every((type) => type.startsWith('image/'))
    ? allowed.length === 1 && allowed[0] === 'image/*'
      ? 'JPG, PNG or WebP image'
      : `${allowed.map((type) => type.replace('image/', '').toUpperCase()).join(' or ')} image`
    : 'file';
  const count = maxFiles === 1 ? `One ${kind}` : `Up to ${maxFiles} ${kind}s`;
  return `${count}, up to ${formatBytes(maxFileSize)}`;
}

function toUploadedFile(file: UppyFile<Meta, AwsBody>): UploadedFile | null {
  // Local files carry their Blob; remote ones (not offered here) would not.
  const data = file.data;
  if (!(data instanceof Blob)) return null;
  return { name: file.name ?? 'image', type: file.type || data.type, size: data.size, data };
}

/**
 * SPEC 4/5: a modal uploader for images. One file by default, no auto-start (the user
 * presses Upload), a progress bar, and it closes itself when the upload completes.
 */
export function ImageUploader({
  open,
  onOpenChange,
  onComplete,
  maxFileSize = UPLOADER_DEFAULT_MAX_BYTES,
  allowedFileTypes = DEFAULT_ALLOWED_FILE_TYPES,
  maxNumberOfFiles = 1,
  note,
  title = 'Upload image',
  description,
  purpose,
}: ImageUploaderProps) {
  const [uppy, setUppy] = useState<UploaderUppy | null>(null);
  // Callbacks and props read by long-lived Uppy listeners: always the latest render's.
  const latest = useRef({ onComplete, onOpenChange, purpose });
  latest.current = { onComplete, onOpenChange, purpose };

  const typesKey = allowedFileTypes.join(',');
  const restrictions = { maxFileSize, allowedFileTypes: [...allowedFileTypes], maxNumberOfFiles };
  const initialRestrictions = useRef(restrictions);

  useEffect(() => {
    const instance = createUppy({
      restrictions: initialRestrictions.current,
      getPurpose: () => latest.current.purpose,
      onUploadUrlError: () => {
        toast({ variant: 'destructive', title: 'Upload Error', description: 'Failed to get upload URL' });
      },
    });
    instance.on('upload-error', (file, error) => {
      if (error instanceof UploadUrlError) return;
      const message = describeUploadError(error);
      if (file) instance.setFileState(file.id, { error: message });
      toast({ variant: 'destructive', title: 'Upload Error', description: message });
    });
    instance.on('complete', (result) => {
      const file = result.successful?.[0];
      const objectPath = file?.response?.body?.key;
      const uploaded = file ? toUploadedFile(file) : null;
      if (!objectPath || !uploaded) return;
      latest.current.onComplete(objectPath, uploaded);
      latest.current.onOpenChange(false);
    });
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, []);

  useEffect(() => {
    uppy?.setOptions({
      restrictions: { maxFileSize, allowedFileTypes: typesKey.split(','), maxNumberOfFiles, minNumberOfFiles: 1 },
    });
  }, [uppy, maxFileSize, typesKey, maxNumberOfFiles]);

  // Every opening starts empty; closing mid-upload aborts it.
  useEffect(() => {
    if (open || !uppy) return;
    uppy.cancelAll();
  }, [open, uppy]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" data-testid="image-uploader">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description ?? 'Choose the image, check it, then press Upload.'}</DialogDescription>
        </DialogHeader>
        {uppy ? (
          <div className="acres-uploader">
            <Dashboard
              uppy={uppy}
              width="100%"
              height={300}
              note={note ?? describeLimits(allowedFileTypes, maxFileSize, maxNumberOfFiles)}
              proudlyDisplayPoweredByUppy={false}
              hideProgressAfterFinish
              showRemoveButtonAfterComplete={false}
              fileManagerSelectionType="files"
              theme="light"
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
