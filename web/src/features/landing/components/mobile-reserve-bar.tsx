import { Button } from '@/components/ui/button';

/** Sticky reserve button on phones only (hidden from the md breakpoint up). */
export function MobileReserveBar({ onReserve }: { onReserve: () => void }) {
  return (
    <div
      data-testid="mobile-reserve-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:hidden"
      style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}
    >
      <Button size="lg" className="w-full" onClick={onReserve} data-testid="mobile-reserve">
        Reserve a Slot
      </Button>
    </div>
  );
}
