import { LoaderCircle, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { INVITATION_TTL_DAYS } from '#shared/contracts/invitations';
import type { TeamMember } from '#shared/contracts/team';
import { LoadFailed } from '#web/components/app/load-failed';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import { useInviteEditor, useRemoveEditor, useTeam } from '#web/features/admin/api/team-queries';
import { PasskeyRequirementSwitch } from '#web/features/admin/components/passkey-requirement-switch';
import { formatDate } from '#web/lib/format';
import { DashboardPanel } from './dashboard-panel';

const STATUS_BADGES: Record<
  TeamMember['status'],
  { label: string; variant: 'success' | 'warning' | 'secondary' }
> = {
  active: { label: 'Active', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  expired: { label: 'Expired', variant: 'secondary' },
};

function TeamMemberRow({ member, onRemove }: { member: TeamMember; onRemove?: () => void }) {
  const status = STATUS_BADGES[member.status];
  const since = member.status === 'active' ? 'Joined' : 'Invited';
  return (
    <li className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-slate-900 wrap-anywhere">{member.name || member.email}</p>
        {member.name && <p className="text-sm text-slate-600 wrap-anywhere">{member.email}</p>}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant={member.role === 'owner' ? 'info' : 'outline'}>
            {member.role === 'owner' ? 'Owner' : 'Co-founder'}
          </Badge>
          <Badge variant={status.variant}>{status.label}</Badge>
          <span className="text-xs text-slate-500">
            {since} {formatDate(member.createdAt)}
          </span>
        </div>
      </div>
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={`Remove ${member.email} from the team`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** The owner's form: a co-founder's e-mail (required) and name (optional). */
function InviteEditorForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const invite = useInviteEditor();
  const emailInput = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const nameId = useId();
  const hintId = useId();
  const address = email.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!address || invite.isPending) return;
    const trimmedName = name.trim();
    invite.mutate(
      { email: address, ...(trimmedName && { name: trimmedName }) },
      {
        onSuccess: ({ member }) => {
          toast.success('Invitation sent', { description: `Invitation sent to ${member.email}` });
          setEmail('');
          setName('');
          emailInput.current?.focus();
        },
        onError: (error) => toast.error('Failed to send invitation', { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a co-founder" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-900">Invite a co-founder</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={emailId}>Co-founder's email address</Label>
          <Input
            ref={emailInput}
            id={emailId}
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="cofounder@company.com"
            aria-describedby={hintId}
            readOnly={invite.isPending}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={nameId}>Co-founder's name (optional)</Label>
          <Input
            id={nameId}
            type="text"
            autoComplete="off"
            placeholder="Alex Kim"
            readOnly={invite.isPending}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        Co-founders manage this data room with you: files, sections, investors, analytics and settings. They
        sign in with this address; the invitation is valid for {INVITATION_TTL_DAYS} days.
      </p>
      <Button type="submit" size="field" className="sm:self-start" disabled={invite.isPending || !address}>
        {invite.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <UserPlus aria-hidden="true" />
        )}
        {invite.isPending ? 'Sending...' : 'Invite co-founder'}
      </Button>
    </form>
  );
}

/**
 * The room's team in /admin (docs/decisions/0047-room-editors.md): the owner and the co-founders, with
 * invite and remove for the owner. The server decides who may change it; this only shows the controls
 * it would accept.
 */
export function TeamPanel() {
  const team = useTeam();
  const remove = useRemoveEditor();
  const [pendingRemoval, setPendingRemoval] = useState<TeamMember | null>(null);

  const confirmRemoval = () => {
    if (!pendingRemoval) return;
    remove.mutate(pendingRemoval.id, {
      onSuccess: () => toast.success('Removed from the team'),
      onError: (error) => toast.error('Failed to remove', { description: error.message }),
      onSettled: () => setPendingRemoval(null),
    });
  };

  return (
    <DashboardPanel
      id="admin-team-title"
      title="Team"
      description="The founders who manage this data room. Their own reading is not counted as investor activity."
      aside={team.isFetching && !team.isPending && <Spinner label="Refreshing the team…" />}
    >
      {team.isPending && <Spinner label="Loading the team…" />}
      {team.isError && <LoadFailed what="the team" onRetry={() => team.refetch()} />}
      {team.data && (
        <div className="flex flex-col gap-6">
          <ul aria-label="Team members" className="divide-y divide-slate-200">
            {team.data.members.map((member) => (
              <TeamMemberRow
                key={member.id}
                member={member}
                onRemove={
                  team.data.canManageTeam && member.role === 'editor'
                    ? () => setPendingRemoval(member)
                    : undefined
                }
              />
            ))}
          </ul>
          {team.data.canManageTeam && <PasskeyRequirementSwitch />}
          {team.data.canManageTeam ? (
            <InviteEditorForm />
          ) : (
            <p className="text-sm text-slate-600">
              Only the owner of the data room can invite or remove co-founders.
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={pendingRemoval !== null}
        title="Remove this co-founder?"
        description={
          pendingRemoval?.status === 'active'
            ? `${pendingRemoval.email} will lose access to this data room at once.`
            : `The invitation sent to ${pendingRemoval?.email ?? ''} will stop working.`
        }
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setPendingRemoval(null)}
      />
    </DashboardPanel>
  );
}
