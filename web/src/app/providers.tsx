import type { ReactNode } from 'react';
import { LazyToaster } from './lazy-toaster';

/**
 * App-wide providers: the single toaster, loaded on first use (lazy-toaster.tsx). SWR's
 * defaults (SPEC section 7) wrap each lazy page instead (with-swr-config.tsx), so the landing
 * page does not load SWR.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
    </>
  );
}
