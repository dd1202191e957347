import { type IconName, LandingIcon } from './landing-icon';
import { LandingSection } from './landing-section';

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'lock',
    title: 'Invitation-only access',
    text: 'Only the addresses you invite get in. Unused invitations expire after 7 days; delete one and that access ends.',
  },
  {
    icon: 'timer',
    title: 'Setup in 5 minutes',
    text: 'Company name, stage, a one-line description and your sections. No templates to fight, no folders to click through.',
  },
  {
    icon: 'phone',
    title: 'Investor-ready',
    text: 'Clear sections, document counts and files that open in one tap, on a laptop or on a phone between meetings.',
  },
];

export function FeatureTiles() {
  return (
    <LandingSection
      id="features-title"
      eyebrow="Why Roundroom"
      title="Built for the weeks when every investor wants the deck"
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
              <LandingIcon name={feature.icon} className="size-5" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
