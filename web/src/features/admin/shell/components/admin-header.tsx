import { LogOut, UserRound } from 'lucide-react';
import { BrandMark } from '@/components/layout/brand-mark';
import { STAFF_ROLE_LABELS } from '@acres/contracts/staff-roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAdminSession } from '../lib/admin-session';

export function AdminHeader() {
  const { session, signOut } = useAdminSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-8">
        <div className="flex min-w-0 items-center gap-3">
          <a href="/" aria-label="Acres Wholesale home" className="shrink-0">
            <BrandMark />
          </a>
          <Badge variant="gold">Admin</Badge>
        </div>
        <div className="flex items-center gap-2">
          {session ? (
            <span className="hidden items-center gap-1.5 text-sm text-slate-600 sm:inline-flex" data-testid="admin-username">
              <UserRound className="size-4" aria-hidden="true" />
              {session.username}
              <Badge variant="secondary" data-testid="admin-role">
                {STAFF_ROLE_LABELS[session.me.role]}
              </Badge>
            </span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={signOut} data-testid="admin-sign-out">
            <LogOut aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sign out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
