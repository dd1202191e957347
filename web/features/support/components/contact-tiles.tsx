import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '#web/components/ui/card';
import { useSiteInfo } from '#web/features/site/api/use-site-info';
import { SupportEmailLink } from './support-email-link';

const supportPhone = { display: '+1 (415) 555-0142', tel: '+14155550142' };

/** The three ways to reach support: e-mail, phone for urgent account issues, and chat inside the app. */
export function ContactTiles() {
  // Observed here, above the tiles, rather than in the error message: a component that mounts on an
  // errored query would refetch it on mount, fail, unmount, mount again, and loop.
  const siteInfo = useSiteInfo();
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      <ContactTile
        icon={<Mail />}
        title="E-mail"
        description="For anything at all. We reply within one business day."
      >
        <SupportEmailLink
          className="text-base"
          fallback={<EmailUnavailable onRetry={() => siteInfo.refetch()} />}
        />
      </ContactTile>
      <ContactTile
        icon={<Phone />}
        title="Phone"
        description="For urgent account issues, such as a founder locked out or an investor who must lose access now."
      >
        <a
          href={`tel:${supportPhone.tel}`}
          className="rounded-sm text-base font-medium whitespace-nowrap text-indigo-700 underline decoration-indigo-300 underline-offset-4 hover:text-indigo-900 hover:decoration-indigo-600"
        >
          {supportPhone.display}
        </a>
        <p className="mt-1 text-sm text-slate-500">During support hours</p>
      </ContactTile>
      <ContactTile
        icon={<MessageCircle />}
        title="Live chat"
        description="Available in the Roundroom app during business hours, once you are signed in."
      >
        {/* No chat widget on the public site: say so, and offer e-mail rather than a button that does nothing. */}
        <p className="text-sm leading-6 text-slate-600">
          Not signed in, or outside business hours? Write to{' '}
          <SupportEmailLink fallback="our support address" /> and we will pick it up.
        </p>
      </ContactTile>
    </ul>
  );
}

function ContactTile({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col">
        <CardContent className="flex flex-1 flex-col">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 [&_svg]:size-5"
          >
            {icon}
          </span>
          <CardTitle className="mt-4">{title}</CardTitle>
          <CardDescription className="mt-1.5 leading-6">{description}</CardDescription>
          <div className="mt-auto pt-4">{children}</div>
        </CardContent>
      </Card>
    </li>
  );
}

// While it tries again the query is pending, so the tile shows the loading placeholder in place of this.
function EmailUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="text-sm text-slate-600">
      <p>We could not load our support address.</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
