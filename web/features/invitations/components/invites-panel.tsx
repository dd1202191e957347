import { useQuery } from '@tanstack/react-query';
import { Info, LoaderCircle, Mail, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { INVITATION_TTL_DAYS, type Invitation } from '#shared/contracts/invitations';
import { InvitationStatusBadge } from '#web/components/app/invitation-status-badge';
import { LoadFailed } from '#web/components/app/load-failed';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { FieldError } from '#web/components/ui/field-error';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import { adminInvitationsQuery } from '#web/features/admin/api/admin-queries';
import { useSendInvitation } from '#web/features/admin/api/use-send-invitation';
import {
  invitationsQuery,
  useCreateInvitation,
  useDeleteInvitation,
} from '#web/features/invitations/api/invitation-hooks';
import { formatDate } from '#web/lib/format';
import { FOCUS_ROW_ATTRIBUTE, useFocusAfterRemoval } from '#web/lib/use-focus-after-removal';
import { AccessEndField, accessEndOf } from './access-end-field';
import { BulkInviteCard } from './bulk-invite-card';
import { placeInvitationError } from './field-sentence';
import { GroupChoice } from './group-choice';
import { InvitationLinkActions } from './invitation-link-actions';
import { PersonalMessageField } from './personal-message-field';

/** The page the invitations are on: each has its own form, copy and columns (docs/product-rules.md#pages). */
export type InvitesPanelPage = 'configure' | 'admin';

interface InvitesPanelCopy {
  /** The cards' heading level: /admin's panels sit under its h1, /configure's inside a tab. */
  heading: 'h2' | 'h3';
  formTitle: string;
  formDescription?: string;
  /** /configure asks for a name and a personal message; /admin only for the address. */
  asksForName: boolean;
  sent: string;
  listTitle: string;
  listDescription: string;
  empty: string;
  /** /configure lists the name (or the address) with a delete; /admin the address, as its table did. */
  showsName: boolean;
  canDelete: boolean;
}

/**
 * /configure's Invites tab and /admin's Send Invitation and Invitations (docs/product-rules.md#configure,
 * #admin-dashboard): the same form and list, each page's own words and fields.
 */
const COPY: Record<InvitesPanelPage, InvitesPanelCopy> = {
  configure: {
    heading: 'h3',
    formTitle: 'Invite an investor',
    formDescription: 'They receive an e-mail with a link to your data room.',
    asksForName: true,
    sent: 'Invitation sent successfully',
    listTitle: 'Sent invitations',
    listDescription: 'Who you invited, and whether they have signed in.',
    empty: 'No invitations yet. Invite your first investor with the form.',
    showsName: true,
    canDelete: true,
  },
  admin: {
    heading: 'h2',
    formTitle: 'Send Invitation',
    asksForName: false,
    sent: 'Invitation sent',
    listTitle: 'Invitations',
    listDescription: 'Everyone you invited, and whether they have signed in.',
    empty: 'No invitations yet. Send the first one with the form.',
    showsName: false,
    canDelete: false,
  },
};

/**
 * The room's invitations, one component on /configure's Invites tab and on /admin (ADR 58): a form to
 * invite, and the list with Resend and Copy link (ADR 60). Every change invalidates both pages' queries,
 * so they are always in step. /configure adds the bulk invite and the help.
 */
export function InvitesPanel({ page }: { page: InvitesPanelPage }) {
  return (
    <div
      className={
        page === 'admin'
          ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]'
          : 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]'
      }
    >
      <div className="flex flex-col gap-6">
        <InviteForm page={page} />
        {page === 'configure' && (
          <>
            <BulkInviteCard />
            <InviteHelp />
          </>
        )}
      </div>
      <InvitationList page={page} />
    </div>
  );
}

/** A named region holding one card, so each can be found and skipped to. */
function InvitesCard({
  heading: Heading,
  title,
  description,
  aside,
  headingRef,
  children,
  footer,
}: {
  heading: 'h2' | 'h3';
  title: string;
  description?: string;
  aside?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card>
        <CardHeader>
          <div className="flex items-start justify-between gap-3">
            <Heading
              id={id}
              ref={headingRef}
              tabIndex={headingRef ? -1 : undefined}
              className="text-lg font-semibold leading-tight text-slate-900 focus:outline-none"
            >
              {title}
            </Heading>
            {aside}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer}
      </Card>
    </section>
  );
}

/** A sentence under each field the server named, or under the whole form. */
type InviteFormErrors = Partial<
  Record<'email' | 'name' | 'personalMessage' | 'accessExpiresAt' | 'form', string>
>;

function InviteForm({ page }: { page: InvitesPanelPage }) {
  const copy = COPY[page];
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [personalMessage, setPersonalMessage] = useState('');
  const [groupId, setGroupId] = useState('');
  const [accessEnds, setAccessEnds] = useState('');
  const [errors, setErrors] = useState<InviteFormErrors>({});
  // /configure posts to /api/invites (name and message), /admin to /api/invitations (the address only).
  const create = useCreateInvitation();
  const sendFromDashboard = useSendInvitation();
  const sending = copy.asksForName ? create.isPending : sendFromDashboard.isPending;
  const emailId = useId();
  const messageId = useId();
  const ids = {
    email: useId(),
    name: useId(),
    personalMessage: useId(),
    accessExpiresAt: useId(),
    form: useId(),
    count: useId(),
    hint: useId(),
  };
  const emailInput = useRef<HTMLInputElement>(null);
  const address = email.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!address) {
      // /admin ignores an empty or whitespace-only address; /configure says it is required.
      if (!copy.asksForName) return;
      setErrors({ email: 'Email is required' });
      toast.error('Error', { description: 'Email is required' });
      emailInput.current?.focus();
      return;
    }
    setErrors({});
    const callbacks = {
      onSuccess: ({ invitation }: { invitation: Invitation }) => {
        toast.success(copy.sent, { description: `Invitation sent to ${invitation.email}` });
        setEmail('');
        setName('');
        setPersonalMessage('');
        setAccessEnds('');
        if (!copy.asksForName) emailInput.current?.focus();
      },
      onError: (error: Error) => {
        const { field, sentence } = placeInvitationError(error, INVITE_FIELD_LABELS);
        // A group removed meanwhile is said under the whole form: the group field has no error line.
        setErrors({ [field && field !== 'groupId' ? field : 'form']: sentence });
        toast.error('Failed to send invitation', { description: error.message });
        if (field === 'email' || !copy.asksForName) emailInput.current?.focus();
      },
    };
    if (!copy.asksForName) {
      sendFromDashboard.mutate(address, callbacks);
      return;
    }
    const trimmedName = name.trim();
    const note = personalMessage.trim();
    const accessExpiresAt = accessEndOf(accessEnds);
    create.mutate(
      {
        email: address,
        ...(trimmedName ? { name: trimmedName } : {}),
        ...(note ? { personalMessage: note } : {}),
        ...(groupId ? { groupId } : {}),
        ...(accessExpiresAt ? { accessExpiresAt } : {}),
      },
      callbacks,
    );
  };

  const described = (field: keyof typeof errors, always?: string) =>
    [always, errors[field] ? ids[field] : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <InvitesCard heading={copy.heading} title={copy.formTitle} description={copy.formDescription}>
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
            readOnly={sending}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email', copy.asksForName ? undefined : ids.hint)}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors({});
            }}
          />
          <FieldError id={ids.email} error={errors.email ?? null} />
          {!copy.asksForName && (
            <p id={ids.hint} className="text-xs text-slate-500">
              They get an e-mail with a link to your data room, valid for {INVITATION_TTL_DAYS} days.
            </p>
          )}
        </div>
        {copy.asksForName && (
          <>
            <NameField
              value={name}
              error={errors.name ?? null}
              errorId={ids.name}
              describedBy={described('name')}
              onChange={setName}
            />
            <GroupChoice value={groupId} onChange={setGroupId} disabled={sending} />
            <AccessEndField
              value={accessEnds}
              error={errors.accessExpiresAt ?? null}
              errorId={ids.accessExpiresAt}
              disabled={sending}
              onChange={setAccessEnds}
            />
            <PersonalMessageField
              id={messageId}
              countId={ids.count}
              errorId={ids.personalMessage}
              value={personalMessage}
              error={errors.personalMessage ?? null}
              onChange={setPersonalMessage}
            />
          </>
        )}
        <Button
          type="submit"
          size="field"
          // /configure's button waits only for an address typed; /admin's for one that is not blank.
          disabled={sending || (copy.asksForName ? email === '' : !address)}
        >
          {sending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Mail aria-hidden="true" />
          )}
          {sending ? 'Sending...' : 'Send invitation'}
        </Button>
        <FieldError id={ids.form} error={errors.form ?? null} />
      </form>
    </InvitesCard>
  );
}

/** The invitee's optional name, used in the e-mail's greeting. */
function NameField({
  value,
  error,
  errorId,
  describedBy,
  onChange,
}: {
  value: string;
  error: string | null;
  errorId: string;
  describedBy: string | undefined;
  onChange: (name: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        Name <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      <Input
        id={id}
        autoComplete="off"
        placeholder="Alex Partner"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

const INVITE_FIELD_LABELS: Record<string, string> = {
  email: 'Email address',
  name: 'Name',
  personalMessage: 'Personal message',
  groupId: 'Group',
  accessExpiresAt: 'Access ends',
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

function InvitationList({ page }: { page: InvitesPanelPage }) {
  const copy = COPY[page];
  // /admin's list is the one its dashboard loads with its other four reads (docs/product-rules.md#api).
  const dashboardList = useQuery({ ...adminInvitationsQuery, enabled: page === 'admin' });
  const consoleList = useQuery({ ...invitationsQuery, enabled: page === 'configure' });
  const invitations = page === 'admin' ? dashboardList : consoleList;
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
    <InvitesCard
      heading={copy.heading}
      title={copy.listTitle}
      description={copy.listDescription}
      headingRef={focus.headingRef}
      aside={
        invitations.isFetching && !invitations.isPending && <Spinner label="Refreshing the invitations…" />
      }
      footer={
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
      }
    >
      {invitations.isPending && <Spinner label="Loading invitations…" />}
      {invitations.isError && <LoadFailed what="the invitations" onRetry={() => invitations.refetch()} />}
      {invitations.data?.length === 0 && <p className="text-sm text-slate-600">{copy.empty}</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ul aria-label={copy.listTitle} className="divide-y divide-slate-200">
          {invitations.data.map((invitation) => {
            const named = copy.showsName && invitation.name;
            return (
              <li key={invitation.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="font-medium text-slate-900 wrap-anywhere" title={invitation.email}>
                      {named || invitation.email}
                    </p>
                    {named && <p className="text-sm text-slate-600 wrap-anywhere">{invitation.email}</p>}
                    <p className="text-xs text-slate-500">
                      Sent {formatDate(invitation.createdAt)} · Expires {formatDate(invitation.expiresAt)}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <InvitationStatusBadge status={invitation.status} />
                    {copy.canDelete && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete the invitation for ${invitation.email}`}
                        {...{ [FOCUS_ROW_ATTRIBUTE]: invitation.id }}
                        onClick={() => setPendingDelete(invitation)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
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
    </InvitesCard>
  );
}
