import { ArrowRight, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Reserve a Slot and Full Application, side by side from small screens up. */
export function ReserveActions({
  onReserve,
  onApply,
  testIdPrefix,
  applyIcon = false,
  className,
}: {
  onReserve: () => void;
  onApply: () => void;
  /** 'hero' or 'cta': the buttons are '{prefix}-reserve' and '{prefix}-apply'. */
  testIdPrefix: string;
  applyIcon?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      <Button variant="gold" size="lg" onClick={onReserve} data-testid={`${testIdPrefix}-reserve`}>
        Reserve a Slot
        <ArrowRight aria-hidden="true" />
      </Button>
      <Button variant="outline-light" size="lg" onClick={onApply} data-testid={`${testIdPrefix}-apply`}>
        {applyIcon ? <FileText aria-hidden="true" /> : null}
        Full Application
      </Button>
    </div>
  );
}
