// Which visits may hydrate a prerendered page (web/src/prerender.tsx) rather than render anew.

/** Query parameters no prerendered page renders from: the referral code and campaign tags. */
const IGNORED_PARAMETER = /^(ref|utm_\w+)$/;

/**
 * The build rendered each public page for its bare path, with no query and no history state.
 * A visit that carries either may render differently (sign-in's returnTo and mode, the status
 * page's carried number): hydrating it would meet HTML that does not match, which React reports
 * as an error and repairs by rendering again anyway.
 */
export const matchesPrerender = (
  container: HTMLElement,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  historyState: unknown = window.history.state,
): boolean => {
  const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  if (container.dataset.prerendered !== pathname) return false;
  if ([...new URLSearchParams(location.search).keys()].some((name) => !IGNORED_PARAMETER.test(name))) return false;
  // BrowserRouter keeps a navigation's state under `usr`; it survives a reload.
  const carried = historyState && typeof historyState === 'object' && 'usr' in historyState ? historyState.usr : undefined;
  return carried === undefined || carried === null;
};
