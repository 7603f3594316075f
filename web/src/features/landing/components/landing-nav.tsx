import { LogIn } from 'lucide-react';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';

const links = [
  { href: '#calculator', label: 'Calculator' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#trust', label: 'Escrow & trust' },
  { href: '#faq', label: 'FAQ' },
];

export function LandingNav({ onReserve }: { onReserve: () => void }) {
  return (
    <header id="nav" data-testid="nav" className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <a href="#top" aria-label="Acres Wholesale home" className="shrink-0">
          <BrandMark compact />
        </a>
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 lg:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="hover:text-brand-700">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href="/api/login"
            data-testid="nav-login"
            className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-900 hover:bg-brand-50 sm:px-3"
          >
            <LogIn className="size-4" aria-hidden="true" />
            Login
          </a>
          <Button size="sm" onClick={onReserve} data-testid="nav-reserve" className="px-3 sm:px-4">
            Reserve a Slot
          </Button>
        </div>
      </nav>
    </header>
  );
}
