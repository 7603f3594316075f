import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';

// Radix Toast (with its collection and dismissable layer) is about 8 KB gzipped that no visitor
// of the landing page needs before a toast: issue 11 keeps it out of the initial JavaScript.
const loadToaster = async () => ({ default: (await import('@/components/ui/toaster')).Toaster });
const Toaster = lazy(loadToaster);

// Set once a lazy page or dialog wants the toaster; LazyToaster listens.
let wanted: Promise<unknown> | undefined;
const wantedListeners = new Set<() => void>();

/**
 * Mounts the toaster beside a lazy page or dialog, before any toast: a toast that must be read
 * before something else happens (the 1-second notice before a sign-in redirect) then shows at
 * once rather than after a download and a first render. Resolves once its code is loaded (a
 * load failure only costs the toasts).
 */
export const preloadToaster = (): Promise<unknown> => {
  if (wanted) return wanted;
  wanted = loadToaster().catch(() => undefined);
  // Called from lazy() loaders, i.e. during a render: tell LazyToaster right after it.
  queueMicrotask(() => {
    for (const listener of wantedListeners) listener();
  });
  return wanted;
};

/** Fetches the toaster's code without mounting it: a page's first toast then needs no download. */
export const prefetchToaster = () => void loadToaster().catch(() => undefined);

// The hotkey of toaster.tsx (TOAST_HOTKEY); importing it from there would load the chunk.
const HOTKEY = 'F8';

/**
 * The toaster sits outside the router's error boundary: a chunk that fails to load (offline, or
 * a deploy replaced the bundles) must cost the notifications, never the whole page.
 */
class IgnoreLoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Focuses the notifications area once it exists: the F8 that loaded the toaster still counts. */
function FocusNotifications() {
  useEffect(() => {
    document.querySelector<HTMLElement>('[aria-label^="Notifications"] ol')?.focus();
  }, []);
  return null;
}

/**
 * Mounts the app's single Toaster on the first toast or the first press of its hotkey (SPEC
 * section 9: F8 moves focus to the notifications area), and keeps it mounted from then on.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  // 'no' at first even when a page already wants it: a prerendered page's HTML has no toaster,
  // and its hydration must render what the server did (the effect below mounts it next).
  const [mounted, setMounted] = useState<'no' | 'yes' | 'hotkey'>('no');

  useEffect(() => {
    const onWanted = () => setMounted((current) => (current === 'no' ? 'yes' : current));
    wantedListeners.add(onWanted);
    if (wanted) onWanted();
    return () => void wantedListeners.delete(onWanted);
  }, []);

  useEffect(() => {
    if (mounted === 'no' && toasts.length > 0) setMounted('yes');
  }, [mounted, toasts.length]);

  useEffect(() => {
    if (mounted !== 'no') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY || event.code === HOTKEY) setMounted('hotkey');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mounted]);

  if (mounted === 'no' && toasts.length === 0) return null;
  return (
    <IgnoreLoadFailure>
      <Suspense fallback={null}>
        <Toaster />
        {mounted === 'hotkey' ? <FocusNotifications /> : null}
      </Suspense>
    </IgnoreLoadFailure>
  );
}
