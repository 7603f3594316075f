import { useState } from 'react';
import { AsOfControl } from '@/components/as-of/as-of-control';
import type { AsOf } from '@/components/as-of/as-of-query';
import { useAdminAllocation } from '../api/payments-api';
import { AllocationGauge } from './allocation-gauge';

/** The allocation gauge, now or as the log stood at the end of a day or at a position (issue 14). */
export function AllocationSection() {
  const [asOf, setAsOf] = useState<AsOf>(null);
  const { data } = useAdminAllocation(asOf);
  return (
    <div className="flex flex-col gap-3" data-testid="allocation-section">
      <AsOfControl value={asOf} onChange={setAsOf} subject="the allocation" testId="allocation-as-of" />
      <AllocationGauge allocation={data} />
    </div>
  );
}
