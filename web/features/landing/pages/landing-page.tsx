import { PublicPage } from '#web/components/site/public-page';
import { DashboardMockup } from '#web/features/landing/components/dashboard-mockup';
import { FeatureTiles } from '#web/features/landing/components/feature-tiles';
import { FinalCallToAction } from '#web/features/landing/components/final-call-to-action';
import { HowItWorks } from '#web/features/landing/components/how-it-works';
import { LandingHero } from '#web/features/landing/components/landing-hero';
import { PricingPlans } from '#web/features/landing/components/pricing-plans';
import { SectionsSample } from '#web/features/landing/components/sections-sample';
import { SecureUpload } from '#web/features/landing/components/secure-upload';

/**
 * The marketing page at '/'. It renders before the app providers load (no queries, no toasts) and is
 * the only page in the initial JavaScript, so it stays static: no data, no images, icons one by one.
 */
export function LandingPage() {
  return (
    <PublicPage title="Roundroom">
      <LandingHero />
      <FeatureTiles />
      <HowItWorks />
      <SectionsSample />
      <SecureUpload />
      <DashboardMockup />
      <PricingPlans />
      <FinalCallToAction />
    </PublicPage>
  );
}
