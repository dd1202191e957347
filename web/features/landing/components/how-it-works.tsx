import { LandingSection } from './landing-section';

const steps = [
  {
    title: 'Create your room and write sections.md',
    text: 'Name the company, pick its stage and list your sections under ## headings.',
  },
  {
    title: 'Upload files or link documents',
    text: 'Upload files up to 50MB, or link documents in Google Drive, Dropbox, OneDrive or Box.',
  },
  {
    title: 'Invite investors by e-mail',
    text: 'Type an address and send. Each invitation is valid for 7 days.',
  },
  {
    title: 'They sign in, you see who viewed what',
    text: 'A magic link replaces the password, and every download and click reaches your dashboard.',
  },
];

export function HowItWorks() {
  return (
    <LandingSection
      id="how-it-works-title"
      eyebrow="How it works"
      title="From an empty room to a reading investor in four steps"
      tinted
    >
      <ol className="grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title}>
            <span
              className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
