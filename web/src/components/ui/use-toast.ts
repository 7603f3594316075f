import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/**
 * A tiny toast store. SPEC section 8: only one toast is shown at a time (the newest
 * replaces the current one) and the default display time is TOAST_DURATION_MS.
 */

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; defaults to TOAST_DURATION_MS (set on the Toaster's provider). */
  duration?: number;
  /** An extra element rendered in the toast, e.g. a <ToastAction>. */
  action?: ReactNode;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

export type ToastHandle = { id: string; dismiss: () => void };

const TOAST_LIMIT = 1;
// Long enough for the close animation before the closed toast leaves the DOM.
const REMOVE_DELAY_MS = 250;

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return items;
}

/** Closes one toast (or every toast without an id). */
export function dismissToast(id?: string): void {
  const closing = items.filter((t) => id === undefined || t.id === id);
  if (closing.length === 0) return;
  emit(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => {
    const ids = new Set(closing.map((t) => t.id));
    emit(items.filter((t) => !(ids.has(t.id) && !t.open)));
  }, REMOVE_DELAY_MS);
}

/** Shows a toast, replacing the one on screen. Callable outside React. */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
