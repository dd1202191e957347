import type { ReactNode } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../api/auth-hooks';
import { LoginPage } from '../pages/login-page';

/**
 * Signed-in-only pages (docs/product-rules.md#pages): the server must confirm a session; without one the
 * login page is shown in place, at the same URL. Authorisation of the data itself happens on the server.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (isError || !user) return <LoginPage />;
  return children;
}
