// Work a page wants soon but not before it is usable: after the load event, in idle time.

let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded (its HTML, styles and the scripts it starts with) and the
 * browser has had an idle moment, or a second after load on a busy phone. What waits for it
 * never competes with the first paint or hydration for a slow phone's network and CPU.
 */
export const whenIdle = (): Promise<void> => {
  idle ??= new Promise<void>((resolve) => {
    const afterLoad = () => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else window.setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return idle;
};
