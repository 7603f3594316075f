import type { AuthUser } from '@acres/contracts';
import { LogOut } from 'lucide-react';
import { HomeLink } from '@/components/layout/home-link';

function initialsOf(user: AuthUser): string {
  const letters = [user.firstName, user.lastName].map((name) => name?.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

export function DashboardHeader({ user }: { user: AuthUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <HomeLink className="shrink-0" compact />
        <div className="flex items-center gap-2 sm:gap-3">
          {user ? (
            <div className="flex items-center gap-2.5">
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
              >
                {initialsOf(user)}
              </span>
              <span className="hidden flex-col leading-tight md:flex">
                <span className="text-sm font-semibold text-slate-900">
                  {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
                </span>
                <span className="text-xs text-slate-500">{user.email}</span>
              </span>
            </div>
          ) : null}
          {/* SPEC 7: investor logout is a navigation to /api/logout (the server ends the session). */}
          <a
            href="/api/logout"
            data-testid="logout"
            className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-gold-500"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </a>
        </div>
      </div>
    </header>
  );
}
