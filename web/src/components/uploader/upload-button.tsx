import { ImageIcon, RefreshCw, Trash2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { UPLOADER_DEFAULT_MAX_BYTES } from '@acres/contracts';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { formatBytes } from './format-bytes';
import { ImageUploader, type ImageUploaderProps, type UploadedFile } from './image-uploader';

export type UploadButtonProps = Omit<ImageUploaderProps, 'open' | 'onOpenChange' | 'onComplete'> & {
  /** The uploaded object's path, or null/'' when nothing is uploaded yet. */
  value: string | null | undefined;
  /** A new upload (path and file) or a removal (null, null). */
  onChange: (objectPath: string | null, file: UploadedFile | null) => void;
  /** Text of the button before anything is uploaded. */
  label?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
};

type Chosen = { objectPath: string; file: UploadedFile };

/** An object URL for the chosen file's preview, revoked when no longer shown. */
function usePreviewUrl(file: UploadedFile | null, fallbackPath: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  // A path set from outside (e.g. restored form state) is previewed from the server.
  return url ?? (fallbackPath ? `/api${fallbackPath}` : null);
}

/**
 * A field control: a button that opens the ImageUploader, then the uploaded image's
 * thumbnail, name and size with Replace and Remove.
 */
export function UploadButton({
  value,
  onChange,
  label = 'Upload image',
  id,
  disabled,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
  title,
  ...uploaderProps
}: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const path = value || null;
  // The form may clear or replace the value (a reset after submit): forget a stale file.
  const current = chosen && chosen.objectPath === path ? chosen : null;
  const preview = usePreviewUrl(current?.file ?? null, path);

  const uploader = (
    <ImageUploader
      {...uploaderProps}
      title={title ?? label}
      open={open}
      onOpenChange={setOpen}
      onComplete={(objectPath, file) => {
        setChosen({ objectPath, file });
        onChange(objectPath, file);
      }}
    />
  );

  if (!path) {
    return (
      <div className={className} data-testid={testId}>
        <button
          type="button"
          id={id}
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => setOpen(true)}
          className={cn(
            'flex w-full items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-4 text-left transition-colors hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:cursor-not-allowed disabled:opacity-60',
            invalid && 'border-red-500 bg-red-50/40',
          )}
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Upload className="size-5" aria-hidden="true" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-brand-900">{label}</span>
            <span className="text-xs text-slate-500">
              {uploaderProps.note ??
                `JPG, PNG or WebP, up to ${formatBytes(uploaderProps.maxFileSize ?? UPLOADER_DEFAULT_MAX_BYTES)}`}
            </span>
          </span>
        </button>
        {uploader}
      </div>
    );
  }

  return (
    <div className={className} data-testid={testId}>
      <div
        className="flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-3"
        aria-describedby={describedBy}
      >
        {preview ? (
          <img
            src={preview}
            alt={current ? `Preview of ${current.file.name}` : 'Uploaded image'}
            className="size-16 shrink-0 rounded-lg border border-white object-cover shadow-sm"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-white text-slate-400">
            <ImageIcon className="size-6" aria-hidden="true" />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm font-semibold text-slate-900" data-testid="upload-file-name">
            {current?.file.name ?? 'Image uploaded'}
          </span>
          <span className="text-xs text-brand-700">Uploaded{current ? ` · ${formatBytes(current.file.size)}` : ''}</span>
        </div>
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <Button id={id} variant="ghost" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
            <RefreshCw aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Replace</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            className="text-red-700 hover:bg-red-50"
            onClick={() => {
              setChosen(null);
              onChange(null, null);
            }}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Remove</span>
          </Button>
        </div>
      </div>
      {uploader}
    </div>
  );
}
