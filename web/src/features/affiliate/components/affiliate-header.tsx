import type { AuthUser } from '@acres/contracts/identity';
import { LayoutDashboard, LoaderCircle, LogOut, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { HomeLink } from '@/components/layout/home-link';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/problem';
import { logoutAffiliate } from '../api/affiliate-api';

const links = [
  { to: '/affiliate/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/affiliate/resources', label: 'Resources', Icon: Megaphone },
];

function displayName(user: AuthUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The signed-in affiliate's header: area navigation and logout (SPEC 7: POST /api/logout). */
export function AffiliateHeader({ user }: { user: AuthUser | null }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function handleLogout() {
    setLeaving(true);
    try {
      await logoutAffiliate();
      toast({ variant: 'success', title: 'Logged out successfully' });
      navigate('/affiliate', { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Logout failed', description: describeError(error) || 'Please try again.' });
      setLeaving(false);
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-8">
        <div className="flex min-w-0 items-center gap-2 sm:gap-6">
          <HomeLink className="shrink-0" compact />
          <nav aria-label="Affiliate area" className="flex items-center gap-1">
            {links.map(({ to, label, Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold-500',
                    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                <span className="max-sm:sr-only">{label}</span>
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          {user ? (
            <span className="hidden flex-col text-right leading-tight md:flex">
              <span className="text-sm font-semibold text-slate-900">{displayName(user)}</span>
              <span className="text-xs text-slate-500">{user.email}</span>
            </span>
          ) : null}
          {user ? (
            <button
              type="button"
              onClick={() => void handleLogout()}
              disabled={leaving}
              data-testid="affiliate-logout"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-gold-500 disabled:opacity-60"
            >
              {leaving ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <LogOut className="size-4" aria-hidden="true" />
              )}
              Logout
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
