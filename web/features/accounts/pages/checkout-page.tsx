import { useState } from 'react';
import { PublicPage } from '#web/components/site/public-page';
import { PlanSummaryCard } from '#web/features/accounts/components/plan-summary-card';
import { ProPlanCard } from '#web/features/accounts/components/pro-plan-card';
import { WaitlistForm } from '#web/features/accounts/components/waitlist-form';
import { clearPromoCode, readPromoCode, storePromoCode } from '#web/features/accounts/promo-code-store';

/**
 * /checkout: the Pro plan, a promo code for free access, and the waitlist (docs/product-rules.md#checkout).
 */
export function CheckoutPage() {
  // A code applied earlier in this tab stays applied: the setup page reads the same storage.
  const [appliedCode, setAppliedCode] = useState<string | null>(readPromoCode);

  const apply = (code: string) => {
    storePromoCode(code);
    setAppliedCode(code);
  };
  const remove = () => {
    clearPromoCode();
    setAppliedCode(null);
  };

  return (
    <PublicPage title="Checkout">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Checkout</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            Start your data room
          </h1>
          <p className="mt-3 text-lg text-slate-600">
            One plan with everything you need to share your fundraising documents with investors, by
            invitation only.
          </p>
        </div>
        {/* Phones read plan, price, waitlist; wide screens put the price beside the plan. */}
        <div className="mt-8 grid items-start gap-6 sm:mt-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
          <div className="lg:col-start-1 lg:row-start-1">
            <ProPlanCard />
          </div>
          <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <PlanSummaryCard appliedCode={appliedCode} onApplied={apply} onRemoved={remove} />
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <WaitlistForm />
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
