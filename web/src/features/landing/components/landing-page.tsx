import { useEffect } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { ContextLogos } from './context-logos';
import { CtaSection } from './cta-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { HowItWorks } from './how-it-works';
import { LandingNav } from './landing-nav';
import { MobileReserveBar } from './mobile-reserve-bar';
import { ProjectFactsGate } from './project-facts-gate';
import { ReturnsCalculator } from './returns-calculator';
import { TrustSection } from './trust-section';
import { ValueCards } from './value-cards';

export type LandingPageProps = {
  /** Opens the Reserve Your Slot dialog. */
  onReserve: () => void;
  /** Opens the full application (subscription) form. */
  onApply: () => void;
};

/** The marketing page in SPEC order. Dialogs are composed by the route, not here. */
export function LandingPage({ onReserve, onApply }: LandingPageProps) {
  useEffect(() => {
    document.title = 'Acres Wholesale — Industrial Land at Wholesale Prices';
  }, []);
  return (
    <div id="top" className="min-h-dvh overflow-x-clip bg-brand-950 pb-20 md:pb-0">
      <LandingNav onReserve={onReserve} />
      <main>
        <HeroSection onReserve={onReserve} onApply={onApply} />
        <ValueCards />
        <ReturnsCalculator />
        <ContextLogos />
        <HowItWorks />
        <ProjectFactsGate />
        <TrustSection />
        <FaqSection />
        <CtaSection onReserve={onReserve} onApply={onApply} />
      </main>
      <SiteFooter />
      <MobileReserveBar onReserve={onReserve} />
    </div>
  );
}
