import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { adminUserSchema } from '#shared/contracts/admin';
import { type ExportKind, exportHref } from '#shared/contracts/exports';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import { useShareLinks } from '#web/features/share-links/api/use-share-links';
import { DashboardPanel } from './dashboard-panel';

const EXPORTS: { kind: ExportKind; label: string; description: string }[] = [
  {
    kind: 'access-log',
    label: 'Access log',
    description: 'Every view (with reading time), download and click',
  },
  { kind: 'documents', label: 'Document analytics', description: 'Views, readers, reading time, completion' },
  { kind: 'investors', label: 'Investor analytics', description: 'Each investor’s activity per document' },
  {
    kind: 'nda-acceptances',
    label: 'NDA acceptances',
    description: 'Who accepted which version of your NDA, when and from where',
  },
  {
    kind: 'questions',
    label: 'Questions and answers',
    description: 'Every question, who asked it about what, and your answer, private or published',
  },
];

/**
 * The founder's CSV exports (docs/decisions/0042-csv-exports.md). Each is a plain link to the route: the
 * session cookie authenticates it and the browser saves the file as it streams, never holding it here.
 */
export function ExportCsvPanel({ investors }: { investors: z.infer<typeof adminUserSchema>[] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [investor, setInvestor] = useState('');
  const [group, setGroup] = useState('');
  const [shareLink, setShareLink] = useState('');
  const groups = useRoomGroups();
  const shareLinks = useShareLinks();
  const shareLinkId = useId();
  const fromId = useId();
  const groupId = useId();
  const toId = useId();
  const investorId = useId();
  const rangeErrorId = useId();
  const rangeIsBackwards = from !== '' && to !== '' && from > to;
  const filters = {
    from: from || undefined,
    to: to || undefined,
    investor: investor || undefined,
    group: group || undefined,
    shareLink: shareLink || undefined,
  };

  return (
    <DashboardPanel
      id="admin-export-csv-title"
      title="Export CSV"
      description="Download your room's activity for a spreadsheet. Dates are whole days in UTC; leave them empty for everything."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={fromId}>From</Label>
          <Input
            id={fromId}
            type="date"
            value={from}
            max={to || undefined}
            aria-invalid={rangeIsBackwards || undefined}
            aria-describedby={rangeIsBackwards ? rangeErrorId : undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={toId}>To</Label>
          <Input
            id={toId}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={investorId}>Investor</Label>
          <Select
            id={investorId}
            size="field"
            className="w-full"
            value={investor}
            onChange={(event) => setInvestor(event.target.value)}
          >
            <option value="">All investors</option>
            {investors.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name ? `${user.name} (${user.email})` : user.email}
              </option>
            ))}
          </Select>
        </div>
        {groups.data && groups.data.groups.length > 1 && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={groupId}>Group</Label>
            <Select
              id={groupId}
              size="field"
              className="w-full"
              value={group}
              onChange={(event) => setGroup(event.target.value)}
            >
              <option value="">Every group</option>
              {groups.data.groups.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        {shareLinks.data && shareLinks.data.links.length > 0 && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={shareLinkId}>Share link</Label>
            <Select
              id={shareLinkId}
              size="field"
              className="w-full"
              value={shareLink}
              onChange={(event) => setShareLink(event.target.value)}
            >
              <option value="">Any way in</option>
              {shareLinks.data.links.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {rangeIsBackwards && (
        <p id={rangeErrorId} role="alert" className="mt-2 text-sm text-red-700">
          The first day must not be after the last day.
        </p>
      )}
      <ul className="mt-5 grid gap-3 md:grid-cols-3">
        {EXPORTS.map((item) => (
          <li key={item.kind} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
            <span className="text-sm text-slate-600">{item.description}</span>
            {rangeIsBackwards ? (
              <Button variant="outline" disabled className="mt-auto">
                <Download aria-hidden="true" />
                {item.label}
              </Button>
            ) : (
              <Button asChild variant="outline" className="mt-auto">
                <a href={exportHref(item.kind, filters)} download>
                  <Download aria-hidden="true" />
                  {item.label}
                </a>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}
