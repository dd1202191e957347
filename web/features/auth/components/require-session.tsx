import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageSpinner } from '#web/components/ui/spinner';
import { secondFactorPendingQuery, useCurrentUser } from '#web/features/auth/api/auth-hooks';
import { LoginPage } from '#web/features/auth/pages/login-page';
import { SecondFactorStep } from './second-factor-step';

/**
 * Signed-in-only pages (docs/product-rules.md#pages): the server must confirm a session; without one the
 * login page is shown in place, at the same URL, or the passkey step when the session waits for it.
 * Authorisation of the data itself happens on the server.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (isError || !user) return <SignedOut />;
  return children;
}

function SignedOut() {
  const secondFactor = useQuery(secondFactorPendingQuery);
  if (secondFactor.isPending) return <PageSpinner label="Checking your session…" />;
  return secondFactor.data ? <SecondFactorStep /> : <LoginPage />;
}
