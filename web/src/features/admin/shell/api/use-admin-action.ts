import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from './use-admin-query';

type Told = { title: string; description: string };

/**
 * A staff action behind a button: with the signed-in admin's authorization (nothing when signed
 * out), `pending` while it runs, then what it did (`run` says) or why it failed, as a toast.
 * `after` (a refresh, closing a dialog) belongs to the action: its failure is reported too.
 */
export function useAdminAction<A extends unknown[]>(options: {
  run: (authorization: string, ...args: A) => Promise<Told>;
  after?: () => Promise<unknown> | void;
  failed: (error: unknown) => Told;
}) {
  const authorization = useAdminAuthorization();
  const [pending, setPending] = useState(false);
  const start = async (...args: A) => {
    if (!authorization) return;
    setPending(true);
    try {
      toast({ variant: 'success', ...(await options.run(authorization, ...args)) });
      await options.after?.();
    } catch (error) {
      toast({ variant: 'destructive', ...options.failed(error) });
    } finally {
      setPending(false);
    }
  };
  return { pending, start };
}
