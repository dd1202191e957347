import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { MAGIC_LINK_TTL_MINUTES } from '#shared/contracts/auth';
import { Button } from '#web/components/ui/button';
import { useRequestMagicLink } from '#web/features/auth/api/auth-hooks';
import { ApiRequestError } from '#web/lib/api-client';

/**
 * Shown when the address typed at sign-up already has an account. The server says only that (never
 * whose or which company, since anyone can type any address), so the offer is the way in for its
 * owner: a sign-in link sent to that address, through the ordinary magic-link route and its limits.
 */
export function AccountExistsOffer({ email }: { email: string }) {
  const requestLink = useRequestMagicLink();

  const send = () =>
    requestLink.mutate(email, {
      onError: (error) =>
        toast.error('Error', {
          description:
            error instanceof ApiRequestError && error.status === 429
              ? error.message
              : 'Failed to send magic link. Please try again.',
        }),
    });

  if (requestLink.isSuccess) {
    return (
      <section
        aria-label="Sign-in link sent"
        className="flex flex-col items-center gap-2 rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-center text-sm text-slate-700"
      >
        <MailCheck className="size-6 text-indigo-600" aria-hidden="true" />
        <h2 className="text-base font-semibold text-slate-900">Check your email</h2>
        <p role="status">
          We sent a sign-in link to <strong className="break-all text-slate-900">{email}</strong>. The link
          expires in {MAGIC_LINK_TTL_MINUTES} minutes and works once.
        </p>
      </section>
    );
  }

  return (
    <section
      aria-label="Account already exists"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p role="status">
        <strong className="font-semibold">An account already exists for this email address.</strong> If it is
        yours, we can send a sign-in link to <strong className="break-all">{email}</strong>.
      </p>
      <Button type="button" onClick={send} disabled={requestLink.isPending}>
        {requestLink.isPending ? 'Sending...' : 'Send me a sign-in link'}
      </Button>
    </section>
  );
}
