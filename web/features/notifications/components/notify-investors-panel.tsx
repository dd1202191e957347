import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  INVESTOR_MESSAGE_INTERVAL_MINUTES,
  INVESTOR_MESSAGE_MAX_LENGTH,
} from '#shared/contracts/notifications';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import {
  nextAllowedAtOf,
  useInvestorMessages,
  useSendInvestorMessage,
} from '#web/features/notifications/api/use-investor-messages';
import { formatDateTime } from '#web/lib/format';

type Audience = 'all' | 'chosen';

/**
 * "Notify investors" (docs/decisions/0044-founder-notifications.md): a short message e-mailed to every
 * investor of the room, or to the ones picked here, with a link to the room. One message an hour: the
 * server refuses a second with 429 and the time it may go, which the panel shows.
 */
export function NotifyInvestorsPanel() {
  const state = useInvestorMessages();
  const send = useSendInvestorMessage();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const messageId = useId();
  const countId = useId();
  const problemId = useId();
  const audienceId = useId();

  if (state.isPending) return <Spinner label="Loading your investors…" showLabel />;
  if (state.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load your investors: {state.error.message}
      </p>
    );

  const { investors } = state.data;
  const nextAllowedAt = state.data.nextAllowedAt ?? nextAllowedAtOf(send.error) ?? null;
  const recipients = audience === 'all' ? investors.length : chosen.size;
  const tooLong = message.length > INVESTOR_MESSAGE_MAX_LENGTH;

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') return setProblem('Write a message first.');
    if (tooLong)
      return setProblem(
        `A message can be at most ${INVESTOR_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      );
    if (recipients === 0) return setProblem('Choose at least one investor.');
    setProblem(null);
    send.mutate(
      { message, ...(audience === 'chosen' && { recipientIds: [...chosen] }) },
      {
        onSuccess: (sent) => {
          toast.success('Message sent', {
            description: `On its way to ${sent.recipientCount} investor${sent.recipientCount === 1 ? '' : 's'}.`,
          });
          setMessage('');
          setChosen(new Set());
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notify investors</CardTitle>
        <CardDescription>
          E-mail your investors a short update with a link to your data room. You can send one message every{' '}
          {INVESTOR_MESSAGE_INTERVAL_MINUTES} minutes; replies come to you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {investors.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            No investors have joined your data room yet. Invite some in Invites: once they sign in, you can
            notify them here.
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor={messageId}>Message</Label>
              <textarea
                id={messageId}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                rows={5}
                aria-invalid={tooLong || undefined}
                aria-describedby={`${countId}${problem ? ` ${problemId}` : ''}`}
                placeholder="We just added our Q3 financials to the data room."
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600 sm:text-sm"
              />
              <p id={countId} className={tooLong ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
                {message.length.toLocaleString('en-US')} /{' '}
                {INVESTOR_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
              </p>
            </div>
            <fieldset className="flex min-w-0 flex-col gap-2">
              <legend id={audienceId} className="mb-2 text-sm font-medium text-slate-800">
                Send to
              </legend>
              <label className="flex items-center gap-3 text-sm text-slate-900">
                <input
                  type="radio"
                  name="audience"
                  checked={audience === 'all'}
                  onChange={() => setAudience('all')}
                  className="size-4 accent-indigo-600"
                />
                Every investor ({investors.length})
              </label>
              <label className="flex items-center gap-3 text-sm text-slate-900">
                <input
                  type="radio"
                  name="audience"
                  checked={audience === 'chosen'}
                  onChange={() => setAudience('chosen')}
                  className="size-4 accent-indigo-600"
                />
                Only the investors I choose
              </label>
              {audience === 'chosen' && (
                <ul
                  aria-label="Investors"
                  className="mt-1 flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2"
                >
                  {investors.map((investor) => (
                    <li key={investor.id}>
                      <label className="flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-slate-50">
                        <input
                          type="checkbox"
                          checked={chosen.has(investor.id)}
                          onChange={() => toggle(investor.id)}
                          className="size-4 shrink-0 accent-indigo-600"
                        />
                        <span className="min-w-0 break-words [overflow-wrap:anywhere]">
                          <span className="font-medium text-slate-900">
                            {investor.name || investor.email}
                          </span>
                          {investor.name && (
                            <span className="block break-all text-slate-600">{investor.email}</span>
                          )}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            {problem && (
              <p id={problemId} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
            {nextAllowedAt && (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                You sent a message less than an hour ago. The next one can go at{' '}
                {formatDateTime(nextAllowedAt)}.
              </p>
            )}
            <div>
              <Button
                type="submit"
                disabled={send.isPending || nextAllowedAt !== null}
                className="w-full sm:w-auto"
              >
                <Send aria-hidden="true" />
                {send.isPending ? 'Sending…' : `Send to ${recipients} investor${recipients === 1 ? '' : 's'}`}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
