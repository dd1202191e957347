import { CircleAlert, CircleCheck, FileUp, Users } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  type BulkInvitationResponse,
  MAX_BULK_INVITATION_ENTRIES,
  MAX_BULK_INVITATION_TEXT_LENGTH,
} from '#shared/contracts/invitations';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { FieldError } from '#web/components/ui/field-error';
import { Label } from '#web/components/ui/label';
import { useBulkInvite } from '#web/features/invitations/api/invitation-hooks';
import { AccessEndField, accessEndOf } from './access-end-field';
import { placeInvitationError } from './field-sentence';
import { GroupChoice } from './group-choice';
import { PersonalMessageField } from './personal-message-field';

const BULK_FIELD_LABELS: Record<string, string> = {
  addresses: 'Addresses',
  groupId: 'Group',
  personalMessage: 'Personal message',
  accessExpiresAt: 'Access ends',
};

/**
 * Many invitations at once (docs/decisions/0060-invitation-links-resend-and-bulk.md): addresses pasted or
 * a CSV file, read by the server; the good ones go, and each refused address is listed with why.
 */
export function BulkInviteCard() {
  const [addresses, setAddresses] = useState('');
  const [personalMessage, setPersonalMessage] = useState('');
  const [groupId, setGroupId] = useState('');
  const [accessEnds, setAccessEnds] = useState('');
  const [errors, setErrors] = useState<{
    addresses?: string;
    personalMessage?: string;
    accessExpiresAt?: string;
    form?: string;
  }>({});
  const [answer, setAnswer] = useState<BulkInvitationResponse | null>(null);
  const bulk = useBulkInvite();
  const ids = {
    addresses: useId(),
    addressesError: useId(),
    hint: useId(),
    file: useId(),
    message: useId(),
    messageCount: useId(),
    messageError: useId(),
    accessEndError: useId(),
    form: useId(),
    results: useId(),
  };
  const textArea = useRef<HTMLTextAreaElement>(null);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BULK_INVITATION_TEXT_LENGTH * 4) {
      setErrors({ addresses: `${file.name} is too large for one list: split it.` });
      return;
    }
    setAddresses(await file.text());
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!addresses.trim()) {
      setErrors({ addresses: 'Paste at least one address, or choose a CSV file.' });
      textArea.current?.focus();
      return;
    }
    setErrors({});
    setAnswer(null);
    const note = personalMessage.trim();
    const accessExpiresAt = accessEndOf(accessEnds);
    bulk.mutate(
      {
        addresses,
        ...(note ? { personalMessage: note } : {}),
        ...(groupId ? { groupId } : {}),
        ...(accessExpiresAt ? { accessExpiresAt } : {}),
      },
      {
        onSuccess: (result) => {
          setAnswer(result);
          // The good ones are sent: what is left in the box is what needs fixing. The answer is on the
          // page, so no toast repeats it.
          setAddresses(
            result.results
              .filter((row) => row.status === 'refused')
              .map((row) => row.entry)
              .join('\n'),
          );
        },
        onError: (error) => {
          const { field, sentence } = placeInvitationError(error, BULK_FIELD_LABELS);
          // A group removed meanwhile is said under the whole form: the group field has no error line.
          setErrors({ [field && field !== 'groupId' ? field : 'form']: sentence });
          toast.error('Failed to send invitation', { description: error.message });
        },
      },
    );
  };

  const refused = answer?.results.filter((row) => row.status === 'refused') ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite many at once</CardTitle>
        <CardDescription>
          Paste addresses, one per line or separated by commas, each with a name as Bo Chen
          &lt;bo@capital.com&gt; if you like, or choose a CSV file with an “email” column (and “name”). Up to{' '}
          {MAX_BULK_INVITATION_ENTRIES.toLocaleString('en-US')} at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.addresses}>Addresses</Label>
            <textarea
              ref={textArea}
              id={ids.addresses}
              rows={5}
              spellCheck={false}
              autoComplete="off"
              value={addresses}
              onChange={(event) => {
                setAddresses(event.target.value);
                setErrors({});
              }}
              aria-invalid={errors.addresses ? true : undefined}
              aria-describedby={errors.addresses ? `${ids.hint} ${ids.addressesError}` : ids.hint}
              placeholder={'ann@fund.com\nBo Chen <bo@capital.com>'}
              className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600"
            />
            <p id={ids.hint} className="text-xs text-slate-500">
              Each address gets its own invitation; the ones that cannot be invited are listed with the
              reason.
            </p>
            <FieldError id={ids.addressesError} error={errors.addresses ?? null} />
            <div>
              <Button asChild variant="outline" size="field">
                <label htmlFor={ids.file} className="cursor-pointer has-[:focus-visible]:outline-2">
                  <FileUp aria-hidden="true" />
                  Choose a CSV file
                  <input
                    id={ids.file}
                    type="file"
                    accept=".csv,.txt,text/csv,text/plain"
                    className="sr-only"
                    onChange={readFile}
                  />
                </label>
              </Button>
            </div>
          </div>
          <GroupChoice value={groupId} onChange={setGroupId} disabled={bulk.isPending} />
          <AccessEndField
            value={accessEnds}
            error={errors.accessExpiresAt ?? null}
            errorId={ids.accessEndError}
            disabled={bulk.isPending}
            onChange={setAccessEnds}
          />
          <PersonalMessageField
            id={ids.message}
            countId={ids.messageCount}
            errorId={ids.messageError}
            value={personalMessage}
            error={errors.personalMessage ?? null}
            onChange={setPersonalMessage}
          />
          <Button type="submit" disabled={bulk.isPending}>
            <Users aria-hidden="true" />
            {bulk.isPending ? 'Sending...' : 'Invite all'}
          </Button>
          <FieldError id={ids.form} error={errors.form ?? null} />
        </form>
        <div id={ids.results} aria-live="polite" className="mt-4 empty:hidden">
          {answer && (
            <div className="flex flex-col gap-3">
              <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                {refused.length === 0 ? (
                  <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <CircleAlert className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
                )}
                {answer.message}
              </p>
              {refused.length > 0 && <RefusedList refused={refused} />}
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The refused addresses with why; a list of thousands shows its first hundred and says how many more. */
function RefusedList({ refused }: { refused: BulkInvitationResponse['results'] }) {
  const shown = refused.slice(0, 100);
  return (
    <div className="rounded-md border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-900">Not invited (left in the box above to fix):</p>
      <ul aria-label="Addresses not invited" className="mt-2 flex flex-col gap-1 text-sm">
        {shown.map((row, index) => (
          // Entries repeat (a duplicate is listed twice), so the position is part of the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={`${index}-${row.entry}`} className="wrap-anywhere text-red-900">
            <span className="font-mono">{row.entry}</span>: {row.reason}
          </li>
        ))}
      </ul>
      {refused.length > shown.length && (
        <p className="mt-2 text-sm text-red-900">
          and {(refused.length - shown.length).toLocaleString('en-US')} more.
        </p>
      )}
    </div>
  );
}
