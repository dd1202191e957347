import { PublicPage } from '../../../components/site/public-page';
import { DashboardMockup } from '../components/dashboard-mockup';
import { FeatureTiles } from '../components/feature-tiles';
import { FinalCallToAction } from '../components/final-call-to-action';
import { HowItWorks } from '../components/how-it-works';
import { LandingHero } from '../components/landing-hero';
import { PricingPlans } from '../components/pricing-plans';
import { SectionsSample } from '../components/sections-sample';
import { SecureUpload } from '../components/secure-upload';

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
