import { Check, Copy, Link2, Plus, RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { InvestorGroup } from '#shared/contracts/groups';
import type { CreateShareLinkRequest, ShareLink } from '#shared/contracts/share-links';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { PageSpinner } from '#web/components/ui/spinner';
import { Switch } from '#web/components/ui/switch';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import {
  useCreateShareLink,
  useRenewShareLinkAddress,
  useShareLinkAddress,
  useShareLinks,
  useUpdateShareLink,
} from '#web/features/share-links/api/use-share-links';
import { copyText } from '#web/lib/clipboard';
import { formatDate } from '#web/lib/format';
import { ShareLinkReaders } from './share-link-readers';

/**
 * Share links, in the console's Investors place (docs/decisions/0071-share-links.md): a group's link the
 * founder pastes into their own e-mails. Each reader proves their address before reading; the founder
 * sees them here, lets in or refuses the ones waiting, and turns a link off. A link's address can be
 * copied again at any time, or replaced by a new one (docs/decisions/0076-share-link-addresses-kept-sealed.md).
 */
export function ShareLinksPanel() {
  const links = useShareLinks();
  const groups = useRoomGroups();
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  return (
    <Card id="share-links">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5 text-indigo-600" />
          Share links
        </CardTitle>
        <CardDescription>
          Paste a link into your own e-mails. Each reader proves their e-mail address with a code before
          reading, and joins the link’s group.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {links.data && groups.data ? (
          <>
            <NewLinkForm groups={groups.data.groups} onMade={setMade} />
            {made && <MadeLink name={made.name} url={made.url} onDone={() => setMade(null)} />}
            {links.data.links.length === 0 ? (
              <p className="text-sm text-slate-500">No share link yet.</p>
            ) : (
              links.data.links.map((link) => (
                <LinkCard
                  key={link.id}
                  link={link}
                  groupName={groups.data.groups.find((group) => group.id === link.groupId)?.name ?? ''}
                />
              ))
            )}
          </>
        ) : links.isError || groups.isError ? (
          <p className="text-sm text-red-700">
            Could not load the share links. Reload the page to try again.
          </p>
        ) : (
          <PageSpinner label="Loading..." showLabel />
        )}
      </CardContent>
    </Card>
  );
}

/** The address of a link just made, to copy now; its card copies it again any time. */
function MadeLink({ name, url, onDone }: { name: string; url: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      toast.success('Link copied', { description: url });
    } else toast.error('Could not copy. Select the link and copy it yourself.');
  };
  return (
    <section
      aria-label="The new link"
      className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <p className="text-sm font-medium text-emerald-950">
        “{name}” is ready. Paste it into your e-mails; its card below copies it again whenever you need it.
      </p>
      <Input readOnly value={url} aria-label="Share link" onFocus={(event) => event.target.select()} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

/**
 * Copy link and New address for one link. Copying reads the address when asked; where the clipboard
 * refuses, the address is shown to select. A new address replaces the old one, which stops letting
 * anyone in: the confirmation says so first.
 */
function AddressActions({ link }: { link: ShareLink }) {
  const address = useShareLinkAddress();
  const renew = useRenewShareLinkAddress();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const copyOrShow = async (url: string) => {
    if (await copyText(url)) {
      setShown(null);
      toast.success('Link copied', { description: url });
    } else setShown(url);
  };
  const copy = () =>
    address.mutate(link.id, {
      onSuccess: ({ url }) => copyOrShow(url),
      onError: (error) => toast.error('Could not copy the link', { description: error.message }),
    });
  const renewNow = () =>
    renew.mutate(link.id, {
      onSuccess: ({ url }) => {
        setConfirming(false);
        return copyOrShow(url);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error('Could not make a new address', { description: error.message });
      },
    });
  return (
    <div className="mt-3 flex flex-col gap-2">
      {!link.addressKept && (
        <p className="text-sm text-slate-600">
          This link’s address was made before addresses were kept, so it cannot be copied. It still lets
          readers in; make a new address to copy it again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {link.addressKept && (
          <Button
            size="sm"
            disabled={address.isPending}
            onClick={copy}
            aria-label={`Copy link to ${link.name}`}
          >
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={renew.isPending}
          onClick={() => setConfirming(true)}
          aria-label={`New address for ${link.name}`}
        >
          <RefreshCw aria-hidden="true" />
          New address
        </Button>
      </div>
      {shown && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p>Your browser did not let us copy. Select the link and copy it yourself:</p>
          <input
            readOnly
            aria-label={`Address of ${link.name}`}
            value={shown}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-2 h-11 w-full rounded-md border border-amber-300 bg-white px-2 font-mono text-xs"
          />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Give “${link.name}” a new address?`}
        description="The current address stops letting anyone in, wherever you pasted it. Readers already in keep reading, and the link keeps its settings and analytics. The new address is copied."
        confirmLabel={renew.isPending ? 'Making…' : 'New address'}
        busy={renew.isPending}
        onConfirm={renewNow}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's fields as the request wants them; a blank field is "no limit". */
function requestOf(fields: {
  name: string;
  groupId: string;
  domains: string;
  days: string;
  max: string;
  approval: boolean;
  namesTheRoom: boolean;
}): CreateShareLinkRequest {
  const domains = fields.domains.split(/[\s,]+/).filter(Boolean);
  return {
    name: fields.name.trim(),
    groupId: fields.groupId,
    allowedDomains: domains.length > 0 ? domains : null,
    requiresApproval: fields.approval,
    expiresAt: fields.days ? new Date(Date.now() + Number(fields.days) * DAY_MS).toISOString() : null,
    maxReaders: fields.max ? Number(fields.max) : null,
    namesTheRoom: fields.namesTheRoom,
  };
}

function NewLinkForm({
  groups,
  onMade,
}: {
  groups: readonly InvestorGroup[];
  onMade: (made: { name: string; url: string }) => void;
}) {
  const create = useCreateShareLink();
  const [fields, setFields] = useState({
    name: '',
    groupId: groups[0]?.id ?? '',
    domains: '',
    days: '',
    max: '',
    approval: false,
    namesTheRoom: true,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = (change: Partial<typeof fields>) => setFields({ ...fields, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.name.trim() === '') return setProblem('Name the link, such as “Cold outreach, March”.');
    setProblem(null);
    create.mutate(requestOf(fields), {
      onSuccess: ({ link, url }) => {
        onMade({ name: link.name, url });
        set({ name: '', domains: '', days: '', max: '', approval: false, namesTheRoom: true });
      },
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New share link" className="grid gap-3 sm:grid-cols-2">
      <Field label="Link name" htmlFor={`${id}-name`}>
        <Input
          id={`${id}-name`}
          value={fields.name}
          maxLength={80}
          placeholder="Cold outreach, March"
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field>
      <Field label="Readers join" htmlFor={`${id}-group`}>
        <Select
          id={`${id}-group`}
          value={fields.groupId}
          onChange={(event) => set({ groupId: event.target.value })}
        >
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Select>
      </Field>
      <LinkLimitsFields id={id} fields={fields} set={set} />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch
          checked={fields.approval}
          aria-labelledby={`${id}-approval`}
          onClick={() => set({ approval: !fields.approval })}
        />
        <span id={`${id}-approval`} className="text-sm text-slate-700">
          I approve each reader before they read
        </span>
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch
          checked={fields.namesTheRoom}
          aria-labelledby={`${id}-names`}
          onClick={() => set({ namesTheRoom: !fields.namesTheRoom })}
        />
        <span id={`${id}-names`} className="text-sm text-slate-700">
          Show the company’s name and the founder’s first name on the link’s page
        </span>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="sm:col-span-2 sm:justify-self-start">
        <Plus aria-hidden="true" />
        Make share link
      </Button>
    </form>
  );
}

/** What limits a link, the same in the new-link and change forms; a blank field is "no limit". */
function LinkLimitsFields({
  id,
  fields,
  set,
}: {
  id: string;
  fields: { domains: string; days: string; max: string };
  set: (change: { domains?: string; days?: string; max?: string }) => void;
}) {
  return (
    <>
      <Field label="Only addresses at (optional)" htmlFor={`${id}-domains`}>
        <Input
          id={`${id}-domains`}
          value={fields.domains}
          placeholder="example.vc, fund.com"
          onChange={(event) => set({ domains: event.target.value })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Ends after (days)" htmlFor={`${id}-days`}>
          <Input
            id={`${id}-days`}
            type="number"
            min={1}
            inputMode="numeric"
            value={fields.days}
            placeholder="Never"
            onChange={(event) => set({ days: event.target.value })}
          />
        </Field>
        <Field label="Most readers" htmlFor={`${id}-max`}>
          <Input
            id={`${id}-max`}
            type="number"
            min={1}
            inputMode="numeric"
            value={fields.max}
            placeholder="No limit"
            onChange={(event) => set({ max: event.target.value })}
          />
        </Field>
      </div>
    </>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

const STATE_LABELS: Record<ShareLink['state'], string> = {
  open: 'Open',
  disabled: 'Off',
  expired: 'Expired',
  full: 'Full',
};

function limitsOf(link: ShareLink): string {
  const parts = [
    link.allowedDomains ? `Only ${link.allowedDomains.join(', ')}` : 'Any address',
    link.maxReaders
      ? `${link.readerCount} of ${link.maxReaders} readers`
      : `${link.readerCount} ${link.readerCount === 1 ? 'reader' : 'readers'}`,
    link.expiresAt ? `ends ${formatDate(link.expiresAt)}` : 'no end',
  ];
  return parts.join(' · ');
}

function LinkCard({ link, groupName }: { link: ShareLink; groupName: string }) {
  const update = useUpdateShareLink();
  const onId = useId();
  const approvalId = useId();
  const namesId = useId();
  const [editing, setEditing] = useState(false);
  const change = (request: Parameters<typeof update.mutate>[0]) =>
    update.mutate(request, { onError: (error) => toast.error(error.message) });
  return (
    <section aria-label={link.name} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          <span className="wrap-anywhere">{link.name}</span>
          <Badge variant={link.state === 'open' ? 'success' : 'secondary'}>{STATE_LABELS[link.state]}</Badge>
          {link.waitingCount > 0 && <Badge variant="info">{link.waitingCount} waiting</Badge>}
        </h3>
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Change
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {link.document ? `Document: ${link.document.title}` : groupName} · {limitsOf(link)}
      </p>
      <AddressActions link={link} />
      {editing && <ChangeLinkForm link={link} onDone={() => setEditing(false)} />}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:gap-6">
        <div className="flex items-center gap-3">
          <Switch
            checked={!link.isDisabled}
            aria-labelledby={onId}
            disabled={update.isPending}
            onClick={() => change({ id: link.id, isDisabled: !link.isDisabled })}
          />
          <span id={onId} className="text-sm text-slate-700">
            Link on
          </span>
        </div>
        <div className="flex items-center gap-3">
          <Switch
            checked={link.requiresApproval}
            aria-labelledby={approvalId}
            disabled={update.isPending}
            onClick={() => change({ id: link.id, requiresApproval: !link.requiresApproval })}
          />
          <span id={approvalId} className="text-sm text-slate-700">
            Approve each reader
          </span>
        </div>
        <div className="flex items-center gap-3">
          <Switch
            checked={link.namesTheRoom}
            aria-labelledby={namesId}
            disabled={update.isPending}
            onClick={() => change({ id: link.id, namesTheRoom: !link.namesTheRoom })}
          />
          <span id={namesId} className="text-sm text-slate-700">
            Show the company’s name
          </span>
        </div>
      </div>
      <ShareLinkReaders key={link.moreReaders ?? 'every reader'} link={link} />
    </section>
  );
}

const daysUntil = (iso: string | null) =>
  iso === null ? '' : String(Math.max(1, Math.round((new Date(iso).getTime() - Date.now()) / DAY_MS)));

/** Changes a link's name, domains, end and most readers; a blank field is "no limit". */
function ChangeLinkForm({ link, onDone }: { link: ShareLink; onDone: () => void }) {
  const update = useUpdateShareLink();
  const [fields, setFields] = useState({
    name: link.name,
    domains: (link.allowedDomains ?? []).join(', '),
    days: daysUntil(link.expiresAt),
    max: link.maxReaders === null ? '' : String(link.maxReaders),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = (change: Partial<typeof fields>) => setFields({ ...fields, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, allowedDomains, expiresAt, maxReaders } = requestOf({
      ...fields,
      groupId: link.groupId,
      approval: link.requiresApproval,
      namesTheRoom: link.namesTheRoom,
    });
    update.mutate(
      {
        id: link.id,
        name,
        allowedDomains,
        // An end left as shown is kept as it is, not moved to whole days from now.
        ...(fields.days === daysUntil(link.expiresAt) ? {} : { expiresAt }),
        maxReaders,
      },
      { onSuccess: onDone, onError: (error) => setProblem(error.message) },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Change ${link.name}`}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      <Field label="Link name" htmlFor={`${id}-name`}>
        <Input
          id={`${id}-name`}
          value={fields.name}
          maxLength={80}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field>
      <LinkLimitsFields id={id} fields={fields} set={set} />
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
