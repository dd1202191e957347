import { LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { INVITATION_TTL_DAYS } from '../../../../shared/contracts/invitations';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useSendInvitation } from '../api/use-send-invitation';
import { DashboardPanel } from './dashboard-panel';

/** Spec section 5: the e-mail is required; an empty or whitespace-only entry is ignored. */
export function SendInvitationForm() {
  const [email, setEmail] = useState('');
  const send = useSendInvitation();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  // Beside the field (and in the spec's toast), announced by the live region FieldError keeps.
  const [error, setError] = useState<string | null>(null);
  const address = email.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!address || send.isPending) return;
    setError(null);
    send.mutate(address, {
      onSuccess: ({ invitation }) => {
        toast.success('Invitation sent', { description: `Invitation sent to ${invitation.email}` });
        setEmail('');
        input.current?.focus();
      },
      onError: (failure) => {
        setError(addressSentence(failure.message));
        toast.error('Failed to send invitation', { description: failure.message });
        input.current?.focus();
      },
    });
  };

  return (
    <DashboardPanel id="admin-send-invitation-title" title="Send Invitation">
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Email address</Label>
        <Input
          ref={input}
          id={inputId}
          // Text, not email: the browser would strip spaces itself and hide what is being ignored.
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="partner@fund.com"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          readOnly={send.isPending}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <FieldError id={errorId} error={error} />
        <p id={hintId} className="text-xs text-slate-500">
          They get an e-mail with a link to your data room, valid for {INVITATION_TTL_DAYS} days.
        </p>
        <Button type="submit" size="field" className="mt-2" disabled={send.isPending || !address}>
          {send.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {send.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
    </DashboardPanel>
  );
}

/** "email: must be a valid e-mail address" reads beside the field as "Email address must be a valid e-mail address." */
function addressSentence(message: string): string {
  if (!message.startsWith('email: ')) return message;
  const sentence = `Email address ${message.slice('email: '.length)}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
