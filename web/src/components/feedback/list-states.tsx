import { CircleAlert, LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/problem';

/** A list of one's own on its first load: 'Loading your sales…'. */
export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-500">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}

/** A list that could not load: what, why, and Try again. */
export function ListError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
      <span className="flex items-center gap-2 font-semibold">
        <CircleAlert className="size-4" aria-hidden="true" />
        Could not load {what}
      </span>
      <span>{describeError(error)}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** An empty list of one's own: its icon, what it will hold and how it fills. */
export function ListEmpty({
  icon: Icon,
  title,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center"
      data-testid={testId}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}
