import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Logo } from './logo';

const socialLinks = [
  { label: 'Roundroom on X', text: 'X', url: 'https://x.com/roundroomhq' },
  { label: 'Roundroom on LinkedIn', text: 'LinkedIn', url: 'https://www.linkedin.com/company/roundroomhq' },
  { label: 'Roundroom on GitHub', text: 'GitHub', url: 'https://github.com/roundroomhq' },
];

/** At least 24 by 24 px to tap (WCAG 2.2 target size), however short the word. */
const FOOTER_LINK_CLASS =
  'inline-flex min-h-6 min-w-6 items-center text-sm text-slate-600 hover:text-slate-900';

/** The public pages' footer: Resources, Legal and social links (docs/product-rules.md#landing-page). */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Logo />
          <p className="text-sm text-slate-600">Invitation-only data rooms for startups raising money.</p>
        </div>
        <FooterColumn title="Resources">
          <FooterLink to={href('docs')}>Documentation</FooterLink>
          <FooterLink to={href('demo')}>Demo</FooterLink>
          <FooterLink to={href('support')}>Support</FooterLink>
        </FooterColumn>
        <FooterColumn title="Legal">
          <FooterLink to={href('privacy')}>Privacy policy</FooterLink>
          <FooterLink to={href('terms')}>Terms of use</FooterLink>
        </FooterColumn>
        <FooterColumn title="Follow us">
          {socialLinks.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                aria-label={link.label}
                target="_blank"
                rel="noopener noreferrer"
                className={FOOTER_LINK_CLASS}
              >
                {link.text}
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Roundroom
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-1">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <Link to={to} className={FOOTER_LINK_CLASS}>
        {children}
      </Link>
    </li>
  );
}
