import { TOAST_DURATION_MS } from '@acres/contracts/constants';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, type ToastVariant, useToast } from './use-toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-brand-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

/** F8 moves focus to the notifications area (SPEC section 9). */
export const TOAST_HOTKEY = ['F8'];

/** Mount once, near the root. Renders the single current toast. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          data-testid="toast"
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg animate-toast-in data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity',
            variantClass[variant],
          )}
        >
          {variant === 'destructive' ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          )}
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className={cn('text-sm', variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>
                {description}
              </ToastPrimitive.Description>
            ) : null}
            {action}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className={cn(
              'absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-gold-500',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Bottom right; but while a dialog is open its own buttons (Next, Submit) sit at the
          bottom, so the toast moves to the top centre, clear of them and of the close button. */}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
        className={cn(
          'fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:right-4 sm:bottom-4 max-md:bottom-16',
          '[body:has([role=dialog][data-state=open])_&]:top-0 [body:has([role=dialog][data-state=open])_&]:bottom-auto [body:has([role=dialog][data-state=open])_&]:left-1/2 [body:has([role=dialog][data-state=open])_&]:right-auto [body:has([role=dialog][data-state=open])_&]:-translate-x-1/2 [body:has([role=dialog][data-state=open])_&]:px-14',
        )}
      />
    </ToastPrimitive.Provider>
  );
}

export type ToastActionProps = ComponentProps<typeof ToastPrimitive.Action>;

/** A button inside a toast; `altText` tells screen-reader users how to do the same elsewhere. */
export function ToastAction({ className, ...props }: ToastActionProps) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'mt-2 inline-flex h-8 w-fit items-center rounded-md border border-current px-3 text-sm font-medium',
        className,
      )}
      {...props}
    />
  );
}
