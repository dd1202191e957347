import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { PromoCodeForm } from './promo-code-form';

interface PlanSummaryCardProps {
  appliedCode: string | null;
  onApplied: (code: string) => void;
  onRemoved: () => void;
}

/**
 * The price, the promo code and the way on. The button sits right under the promo code so that, on a
 * phone too, the visitor sees it turn into 'Get free access' when the code is accepted.
 */
export function PlanSummaryCard({ appliedCode, onApplied, onRemoved }: PlanSummaryCardProps) {
  const promoApplied = appliedCode !== null;
  const setupUrl = promoApplied ? `${href('setupAccount')}?promo=true` : href('setupAccount');
  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        <div>
          <h2 className="text-sm font-medium text-slate-600">Pro plan</h2>
          {promoApplied ? (
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">Free</span>
              <span className="text-sm text-slate-500">
                <del>$49 per month</del> with your promo code
              </span>
            </p>
          ) : (
            <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5">
              <span className="text-4xl font-bold tracking-tight text-slate-900">$49</span>
              <span className="text-slate-500">per month</span>
            </p>
          )}
        </div>
        <PromoCodeForm appliedCode={appliedCode} onApplied={onApplied} onRemoved={onRemoved} />
        <Button asChild size="lg" className="w-full">
          <Link to={setupUrl}>
            {promoApplied ? 'Get free access' : 'Create your data room'}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <p className="flex items-start gap-2.5 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <span>
            <strong className="font-medium text-slate-900">30-day money-back guarantee.</strong> Not the right
            fit? Ask for a full refund within 30 days, no questions asked.
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
