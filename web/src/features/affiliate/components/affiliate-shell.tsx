import type { Affiliate } from '@acres/contracts/affiliate';
import type { ReactNode } from 'react';
import type { AffiliateGate } from '../api/use-affiliate-gate';
import { AffiliateHeader } from './affiliate-header';
import { GateScreen } from './gate-screen';

/**
 * An affiliate's page: the header (with whoever is signed in), then the page's content once
 * the gate is ready, or the spinner, error or redirect notice until then.
 */
export function AffiliateShell({
  gate,
  testId,
  loadingMessage,
  children,
}: {
  gate: AffiliateGate;
  testId: string;
  loadingMessage: string;
  children: (ready: { affiliate: Affiliate }) => ReactNode;
}) {
  const user = gate.state === 'ready' || gate.state === 'no-profile' ? gate.user : null;
  return (
    <div className="min-h-dvh bg-stone-50">
      <AffiliateHeader user={user} />
      <main data-testid={testId}>
        {gate.state !== 'ready' ? (
          <GateScreen gate={gate} message={gate.state === 'loading' ? loadingMessage : 'Redirecting…'} />
        ) : (
          children(gate)
        )}
      </main>
    </div>
  );
}
