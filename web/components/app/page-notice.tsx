import { LayoutDashboard, type LucideIcon, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';

interface PageNoticeProps {
  title: string;
  /** ShieldAlert unless told otherwise. */
  icon?: LucideIcon;
  children: ReactNode;
  /** What the visitor can do next: a button or a link styled as one. */
  action: ReactNode;
}

/** A page's whole content when it cannot show what was asked for: a title, why, and what to do. */
export function PageNotice({ title, icon: Icon = ShieldAlert, children, action }: PageNoticeProps) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <Icon className="mt-5 size-10 text-amber-600" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <div className="text-sm text-slate-600">{children}</div>
        <div className="mt-2 mb-5">{action}</div>
      </CardContent>
    </Card>
  );
}

/**
 * What a signed-in investor sees on a founder's page: the server answered 403, so nothing of the page's
 * data was loaded; they are pointed to their own dashboard.
 */
export function FoundersOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <PageNotice
      title="This page is for founders"
      action={
        <Button asChild>
          <Link to={href('investorDashboard')}>
            <LayoutDashboard aria-hidden="true" />
            Go to your dashboard
          </Link>
        </Button>
      }
    >
      {children}
    </PageNotice>
  );
}
