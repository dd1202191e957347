import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge';
import { LandingSection } from './landing-section';
import { MockupFrame } from './mockup-frame';

const statusVariant = { Accepted: 'success', Pending: 'warning', Expired: 'destructive' } as const;

const invitations = [
  { email: 'priya@harborlane.vc', status: 'Accepted', dates: 'Accepted 6 days ago' },
  { email: 'daniel@meridian.capital', status: 'Accepted', dates: 'Accepted yesterday' },
  { email: 'marcus@foundryangels.com', status: 'Pending', dates: 'Expires in 5 days' },
  { email: 'elena@northstar.vc', status: 'Expired', dates: 'Expired 8 days ago' },
] as const;

const accessLog = [
  { user: 'Priya Raman', document: 'Metrics, June 2025', action: 'downloaded', time: '4 min ago' },
  { user: 'Priya Raman', document: 'Financial model 2025-2027', action: 'clicked', time: '9 min ago' },
  { user: 'Daniel Okafor', document: 'Architecture overview', action: 'downloaded', time: '2 h ago' },
] as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <p className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</p>
      <ul className="divide-y divide-slate-100">{children}</ul>
    </div>
  );
}

function Row({ primary, secondary, aside }: { primary: string; secondary: ReactNode; aside: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{primary}</p>
        <p className="truncate text-xs text-slate-500">{secondary}</p>
      </div>
      {aside}
    </li>
  );
}

export function DashboardMockup() {
  return (
    <LandingSection
      id="dashboard-title"
      eyebrow="Admin dashboard"
      title="Know who read the model before the partner meeting"
      lead="Accepted, pending and expired invitations, and who opened which document, when."
    >
      <MockupFrame
        windowTitle="Admin dashboard · Northwind Robotics"
        caption="Illustrative mock-up with sample data"
      >
        <div className="bg-slate-50 p-4 sm:p-6">
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title="Invitations">
              {invitations.map((invitation) => (
                <Row
                  key={invitation.email}
                  primary={invitation.email}
                  secondary={invitation.dates}
                  aside={<Badge variant={statusVariant[invitation.status]}>{invitation.status}</Badge>}
                />
              ))}
            </Panel>
            <Panel title="Recent document access">
              {accessLog.map((entry) => (
                <Row
                  key={entry.document}
                  primary={entry.user}
                  secondary={entry.document}
                  aside={
                    <span className="flex shrink-0 flex-col items-end gap-0.5 text-xs">
                      <span className="font-medium text-slate-700">{entry.action}</span>
                      <span className="text-slate-500">{entry.time}</span>
                    </span>
                  }
                />
              ))}
            </Panel>
          </div>
        </div>
      </MockupFrame>
    </LandingSection>
  );
}
