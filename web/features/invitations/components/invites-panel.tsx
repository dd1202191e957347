import { Info, Mail, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Invitation } from '../../../../shared/contracts/invitations';
import { InvitationStatusBadge } from '../../../components/app/invitation-status-badge';
import { LoadFailed } from '../../../components/app/load-failed';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { FOCUS_ROW_ATTRIBUTE, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useCreateInvitation, useDeleteInvitation, useInvitations } from '../api/invitation-hooks';
import { BulkInviteCard } from './bulk-invite-card';
import { placeInvitationError } from './field-sentence';
import { InvitationLinkActions } from './invitation-link-actions';
import { PersonalMessageField } from './personal-message-field';

/** The console's Invites tab (docs/product-rules.md#configure). */
export function InvitesPanel() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
      <div className="flex flex-col gap-6">
        <InviteForm />
        <BulkInviteCard />
        <InviteHelp />
      </div>
      <InvitationList />
    </div>
  );
}

function InviteForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [personalMessage, setPersonalMessage] = useState('');
  const [errors, setErrors] = useState<{
    email?: string;
    name?: string;
    personalMessage?: string;
    form?: string;
  }>({});
  const create = useCreateInvitation();
  const emailId = useId();
  const nameId = useId();
  const messageId = useId();
  const ids = { email: useId(), name: useId(), personalMessage: useId(), form: useId(), count: useId() };
  const emailInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setErrors({ email: 'Email is required' });
      toast.error('Error', { description: 'Email is required' });
      emailInput.current?.focus();
      return;
    }
    setErrors({});
    const trimmedName = name.trim();
    const note = personalMessage.trim();
    create.mutate(
      {
        email: address,
        ...(trimmedName ? { name: trimmedName } : {}),
        ...(note ? { personalMessage: note } : {}),
      },
      {
        onSuccess: ({ invitation }) => {
          toast.success('Invitation sent successfully', {
            description: `Invitation sent to ${invitation.email}`,
          });
          setEmail('');
          setName('');
          setPersonalMessage('');
        },
        onError: (error) => {
          const { field, sentence } = placeInvitationError(error, INVITE_FIELD_LABELS);
          setErrors({ [field ?? 'form']: sentence });
          toast.error('Failed to send invitation', { description: error.message });
          if (field === 'email') emailInput.current?.focus();
        },
      },
    );
  };

  const described = (field: keyof typeof errors, always?: string) =>
    [always, errors[field] ? ids[field] : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite an investor</CardTitle>
        <CardDescription>They receive an e-mail with a link to your data room.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={emailId}>Email address</Label>
            <Input
              ref={emailInput}
              id={emailId}
              // Text, not email: the browser would silently strip spaces and hide an empty entry.
              type="text"
              autoComplete="off"
              inputMode="email"
              spellCheck={false}
              placeholder="partner@fund.com"
              value={email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={described('email')}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors({});
              }}
            />
            <FieldError id={ids.email} error={errors.email ?? null} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>
              Name <span className="font-normal text-slate-500">(optional)</span>
            </Label>
            <Input
              id={nameId}
              autoComplete="off"
              placeholder="Alex Partner"
              value={name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={described('name')}
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError id={ids.name} error={errors.name ?? null} />
          </div>
          <PersonalMessageField
            id={messageId}
            countId={ids.count}
            errorId={ids.personalMessage}
            value={personalMessage}
            error={errors.personalMessage ?? null}
            onChange={setPersonalMessage}
          />
          <Button type="submit" disabled={create.isPending || email === ''}>
            <Mail aria-hidden="true" />
            {create.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
          <FieldError id={ids.form} error={errors.form ?? null} />
        </form>
      </CardContent>
    </Card>
  );
}

const INVITE_FIELD_LABELS: Record<string, string> = {
  email: 'Email address',
  name: 'Name',
  personalMessage: 'Personal message',
};

function InviteHelp() {
  return (
    <div className="flex gap-3 rounded-xl border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-950">
      <Info className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">How invitations work</p>
        <p>
          Invitation links expire after 7 days. Once an investor has signed in, they keep access until you
          delete their invitation. Resend sends a new e-mail with a new link; the old link stops working.
        </p>
      </div>
    </div>
  );
}

function InvitationList() {
  const invitations = useInvitations();
  const remove = useDeleteInvitation();
  const [pendingDelete, setPendingDelete] = useState<Invitation | null>(null);
  const focus = useFocusAfterRemoval<HTMLHeadingElement>(
    (invitations.data ?? []).map((invitation) => invitation.id),
    pendingDelete !== null,
  );

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    focus.removing([id]);
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Invitation deleted successfully');
        focus.removed([id]);
      },
      onError: (error) => {
        toast.error('Failed to delete invitation', { description: error.message });
        focus.removed([]);
      },
      onSettled: () => setPendingDelete(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={focus.headingRef} tabIndex={-1} className="focus:outline-none">
          Sent invitations
        </CardTitle>
        <CardDescription>Who you invited, and whether they have signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending && <Spinner label="Loading invitations…" />}
        {invitations.isError && <LoadFailed what="the invitations" onRetry={() => invitations.refetch()} />}
        {invitations.data?.length === 0 && (
          <p className="text-sm text-slate-600">
            No invitations yet. Invite your first investor with the form.
          </p>
        )}
        {invitations.data && invitations.data.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {invitations.data.map((invitation) => {
              return (
                <li key={invitation.id} className="flex flex-col gap-2 py-3">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 flex-col gap-1">
                      <p className="truncate font-medium text-slate-900" title={invitation.email}>
                        {invitation.name || invitation.email}
                      </p>
                      {invitation.name && (
                        <p className="truncate text-sm text-slate-600">{invitation.email}</p>
                      )}
                      <p className="text-xs text-slate-500">
                        Sent {formatDate(invitation.createdAt)} · Expires {formatDate(invitation.expiresAt)}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      <InvitationStatusBadge status={invitation.status} />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete the invitation for ${invitation.email}`}
                        {...{ [FOCUS_ROW_ATTRIBUTE]: invitation.id }}
                        onClick={() => setPendingDelete(invitation)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  {invitation.status !== 'accepted' && (
                    <div className="flex flex-wrap items-center gap-2">
                      <InvitationLinkActions invitation={invitation} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this invitation?"
        description={
          pendingDelete?.status === 'accepted'
            ? `${pendingDelete.email} will lose access to your data room at once.`
            : `The invitation link sent to ${pendingDelete?.email ?? ''} will stop working.`
        }
        confirmLabel="Delete invitation"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </Card>
  );
}
