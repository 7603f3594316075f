import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { HomeLink } from '@/components/layout/home-link';
import { Card, CardContent } from '@/components/ui/card';

/** The way back above an auth card's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-6 inline-flex w-fit items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-800">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The narrow page of the account screens after sign-in (forgot and reset password): brand, way back, title, card. */
export function AuthCardLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Acres Wholesale`;
  }, [title]);

  return (
    <main className="min-h-dvh bg-stone-50 px-4 py-6 sm:px-8 sm:py-12">
      <div className="mx-auto flex w-full max-w-md flex-col">
        <HomeLink className="mb-6 w-fit" />
        <BackLink to="/signin">Back to sign in</BackLink>
        <h1 className="text-2xl font-bold text-brand-950 sm:text-3xl">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{intro}</p>
        <Card className="shadow-md">
          <CardContent className="p-5 sm:p-7">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
