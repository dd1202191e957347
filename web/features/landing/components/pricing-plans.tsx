import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { LandingIcon } from './landing-icon';
import { LandingSection } from './landing-section';

const plans = [
  {
    name: 'Starter',
    price: '$4.20',
    limits: ['Up to 3 data rooms', '50 uploads'],
  },
  {
    name: 'Professional',
    price: '$49',
    limits: ['Up to 10 data rooms', '500 uploads'],
    popular: true,
  },
  {
    name: 'Enterprise',
    price: '$199',
    limits: ['Unlimited data rooms', 'Unlimited uploads'],
  },
];

export function PricingPlans() {
  return (
    <LandingSection
      id="pricing-title"
      eyebrow="Pricing"
      title="Simple monthly plans"
      lead="Every plan includes sections.md control, uploads and external links, magic-link sign-in and access tracking."
      tinted
    >
      <ul className="grid items-stretch gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
              plan.popular ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              {plan.popular ? <Badge>Most popular</Badge> : null}
            </div>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
              <span className="text-sm text-slate-600">/month</span>
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {plan.limits.map((item) => (
                <li key={item} className="flex gap-2 font-medium text-slate-900">
                  <LandingIcon name="check" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                  {item}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-8" variant={plan.popular ? 'primary' : 'outline'}>
              <Link to={href('checkout')}>Choose {plan.name}</Link>
            </Button>
          </li>
        ))}
      </ul>

      <div className="mt-10 flex flex-col gap-6 rounded-2xl bg-slate-900 p-6 text-white sm:p-8 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-indigo-300">Early-adopter offer</p>
          <h3 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
            The Pro plan for $49 per month
          </h3>
          <p className="mt-3 text-slate-300">
            For rooms opened during early access. Have a promo code? Apply it at checkout. 30-day money-back
            guarantee.
          </p>
        </div>
        <Button asChild size="lg" variant="inverse" className="shrink-0">
          <Link to={href('checkout')}>Claim the offer</Link>
        </Button>
      </div>
    </LandingSection>
  );
}
