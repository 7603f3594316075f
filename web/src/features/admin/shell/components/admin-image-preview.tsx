import { ImageOff, LoaderCircle, Maximize2, X } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { AdminImage } from '../lib/use-admin-image';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type AdminImagePreviewProps = {
  image: AdminImage;
  /** Alt text and the full-size view's title, e.g. 'Payment proof'. */
  label: string;
  testId: string;
  className?: string;
  /** A small portrait thumbnail (a passport photo) instead of the full-width preview. */
  compact?: boolean;
};

/**
 * A thumbnail of an uploaded image that opens at full size on click. The image comes
 * from useAdminImage (fetched with the admin's credentials), never from a plain src.
 */
export function AdminImagePreview({ image, label, testId, className, compact = false }: AdminImagePreviewProps) {
  const [fullSize, setFullSize] = useState(false);

  if (image.state === 'none') return null;
  if (image.state !== 'ready') {
    const failed = image.state === 'error';
    return (
      <div
        role={failed ? 'alert' : undefined}
        aria-busy={!failed || undefined}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed text-center',
          compact ? 'min-h-24 w-28 p-2 text-xs' : 'min-h-32 p-4 text-sm',
          failed ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-300 bg-slate-50 text-slate-500',
          className,
        )}
        data-testid={`${testId}-${image.state}`}
      >
        {failed ? (
          <ImageOff className="size-6" aria-hidden="true" />
        ) : (
          <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
        )}
        {failed ? `${label} could not be shown: ${image.message}` : `Loading ${label.toLowerCase()}…`}
      </div>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setFullSize(true)}
        // A name that contains the visible 'Full size · 12 KB' (WCAG 2.5.3, label in name).
        aria-label={compact ? `Open ${label.toLowerCase()} at full size` : undefined}
        className={cn(
          'group relative block overflow-hidden rounded-xl border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-gold-500',
          compact ? 'w-28' : 'w-full',
          className,
        )}
      >
        <img
          src={image.url}
          alt={compact ? label : ''}
          className={compact ? 'aspect-[4/5] w-full object-cover' : 'mx-auto max-h-72 w-auto object-contain'}
          data-testid={testId}
        />
        {compact ? (
          <span className="absolute right-1 bottom-1 inline-flex size-6 items-center justify-center rounded-md bg-brand-950/75 text-white">
            <Maximize2 className="size-3.5" aria-hidden="true" />
          </span>
        ) : (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-brand-950/75 px-2 py-1 text-xs font-medium text-white opacity-90 group-hover:opacity-100">
            <Maximize2 className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Open {label.toLowerCase()} at </span>
            Full size · {formatSize(image.sizeBytes)}
          </span>
        )}
      </button>
      <Dialog open={fullSize} onOpenChange={setFullSize}>
        {/* w-max: a fixed box centred with left 50% would otherwise shrink to half the viewport. */}
        <DialogContent
          className="w-max max-w-[calc(100vw-1.5rem)] overflow-hidden bg-brand-950 p-0 sm:max-w-[calc(100vw-4rem)] sm:p-0"
          hideCloseButton
          data-testid={`${testId}-full`}
        >
          <DialogTitle className="sr-only">{label}</DialogTitle>
          <DialogDescription className="sr-only">The uploaded image at full size.</DialogDescription>
          <img
            src={image.url}
            alt={label}
            className="mx-auto max-h-[calc(100dvh-1.5rem)] max-w-full object-contain sm:max-h-[calc(100dvh-4rem)]"
          />
          <DialogClose
            aria-label={`Close ${label.toLowerCase()}`}
            className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-gold-500"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}
