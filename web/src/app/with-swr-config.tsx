import type { ComponentType } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from '@/lib/swr-config';

/**
 * Wraps a lazily loaded page or dialog in the app's SWR defaults (SPEC section 7). It lives
 * in the lazy chunks rather than in Providers because the landing page reads no data: SWR and
 * the API client stay out of its initial JavaScript (issue 11). Every SWRConfig without a
 * `provider` shares SWR's global cache, so pages still share answers.
 */
export function withSwrConfig<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithSwrConfig(props: P) {
    return (
      <SWRConfig value={swrConfig}>
        <Component {...props} />
      </SWRConfig>
    );
  }
  WithSwrConfig.displayName = `WithSwrConfig(${Component.displayName ?? Component.name})`;
  return WithSwrConfig;
}
