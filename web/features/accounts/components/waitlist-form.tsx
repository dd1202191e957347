import { Clock, LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { useJoinWaitlist } from '#web/features/accounts/api/use-join-waitlist';
import { ApiRequestError } from '#web/lib/api-client';
import { FormField } from './form-field';

/** Both fields required, the contact e-mail an e-mail (checked by the browser). */
export function WaitlistForm() {
  const [companyName, setCompanyName] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const join = useJoinWaitlist();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    join.mutate(
      { companyName: companyName.trim(), contactEmail: contactEmail.trim() },
      {
        onSuccess: () => {
          setCompanyName('');
          setContactEmail('');
          toast.success('Added to waitlist!', { description: 'We will e-mail you when a spot opens up.' });
        },
        onError: (error) =>
          toast.error('Signup Failed', {
            description:
              error instanceof ApiRequestError && error.status === 429
                ? error.message
                : 'There was an error adding you to the waitlist. Please try again.',
          }),
      },
    );
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold text-slate-900">Not ready yet?</h2>
            <p className="text-sm text-slate-600">Join the waitlist and we will keep you posted.</p>
          </div>
        </div>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Company name"
            required
            maxLength={200}
            autoComplete="organization"
            placeholder="Acme Inc."
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
          />
          <FormField
            label="Contact email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            inputMode="email"
            placeholder="founder@acme.com"
            value={contactEmail}
            onChange={(event) => setContactEmail(event.target.value)}
          />
          <Button type="submit" variant="secondary" className="sm:col-span-2" disabled={join.isPending}>
            {join.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Join waitlist
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
