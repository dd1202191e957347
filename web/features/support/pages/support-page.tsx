import { ArrowRight, Clock, FileText, ShieldCheck, Siren } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { ContactTiles } from '#web/features/support/components/contact-tiles';
import { SupportEmailLink } from '#web/features/support/components/support-email-link';
import { SupportFaq } from '#web/features/support/components/support-faq';
import { cn } from '#web/lib/cn';

// docs/product-rules.md#support, verbatim.
const supportHours = [
  { days: 'Mon-Fri', hours: '9-6' },
  { days: 'Sat', hours: '10-4 EST' },
  { days: 'Sunday', hours: 'closed' },
];

/** The support center: how to reach us, when, answers to the common questions, and the policies. */
export function SupportPage() {
  return (
    <PublicPage title="Support center">
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold text-indigo-700">Support</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            Support center
          </h1>
          <p className="mt-3 max-w-2xl text-lg leading-8 text-slate-600">
            Questions about invitations, signing in or your data room? Reach a person, or find the answer
            below.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6 sm:py-16">
        <PageSection id="contact" title="Contact us">
          <ContactTiles />
        </PageSection>

        <div className="grid gap-14 lg:grid-cols-3 lg:gap-8">
          <aside className="space-y-4 lg:order-last lg:mt-13">
            <SideCard id="support-hours" icon={<Clock />} title="Support hours">
              <ul className="mt-4 divide-y divide-slate-100 text-slate-700">
                {supportHours.map((line) => (
                  <li key={line.days} className="flex justify-between gap-4 py-2 first:pt-0 last:pb-0">
                    <span className="font-medium text-slate-900">{line.days}</span>{' '}
                    <span className="text-right">{line.hours}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-slate-500">Phone and live chat follow these hours.</p>
            </SideCard>
            <SideCard id="emergencies" icon={<Siren />} title="Emergencies, 24/7" tone="amber">
              <p className="mt-3 text-sm leading-6 text-slate-700">
                A document shared by mistake, or someone with access who should not have it? Write to{' '}
                <SupportEmailLink subject="URGENT: " fallback="our support address" /> with{' '}
                <strong className="font-semibold text-slate-900">URGENT</strong> at the start of the subject
                line. Urgent e-mails are answered 24/7, weekends and holidays included.
              </p>
            </SideCard>
          </aside>

          <PageSection id="faq" title="Frequently asked questions" className="lg:col-span-2">
            <SupportFaq />
            <p className="mt-4 text-sm text-slate-600">
              More on invitations, sections and uploads in the{' '}
              <Link
                to={href('docs')}
                className="rounded-sm font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-4 hover:decoration-indigo-600"
              >
                documentation
              </Link>
              .
            </p>
          </PageSection>
        </div>

        <PageSection id="policies" title="Policies">
          <ul className="grid gap-4 sm:grid-cols-2">
            <PolicyLink
              to={href('terms')}
              icon={<FileText />}
              title="Terms of use"
              text="The rules for founders and investors using Roundroom."
            />
            <PolicyLink
              to={href('privacy')}
              icon={<ShieldCheck />}
              title="Privacy policy"
              text="What we collect, what founders see, and how long we keep it."
            />
          </ul>
        </PageSection>
      </div>
    </PublicPage>
  );
}

function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A card of its own beside the sections, with an h2 so the outline stays flat. */
function SideCard({
  id,
  icon,
  title,
  tone = 'indigo',
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  tone?: 'indigo' | 'amber';
  children: ReactNode;
}) {
  const amber = tone === 'amber';
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-xl border p-5 shadow-sm sm:p-6',
        amber ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-9 items-center justify-center rounded-lg [&_svg]:size-5',
            amber ? 'bg-amber-100 text-amber-800' : 'bg-indigo-50 text-indigo-600',
          )}
        >
          {icon}
        </span>
        <h2 id={id} className="text-lg font-semibold leading-tight text-slate-900">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

function PolicyLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 sm:p-6"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 [&_svg]:size-5"
        >
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5 font-semibold text-slate-900">
            {title}
            <ArrowRight
              aria-hidden="true"
              className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-indigo-600"
            />
          </span>
          <span className="mt-1 block text-sm text-slate-600">{text}</span>
        </span>
      </Link>
    </li>
  );
}
