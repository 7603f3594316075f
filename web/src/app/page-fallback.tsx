import { LoaderCircle } from 'lucide-react';

/** Shown while a lazy route's code loads. */
export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-brand-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
