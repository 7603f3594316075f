import type { ReactNode } from 'react';

/** A refusal or failure said to the person on a page of its own (an expired link, an unknown application). */
export function AlertMessage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid={testId}>
      {children}
    </p>
  );
}
