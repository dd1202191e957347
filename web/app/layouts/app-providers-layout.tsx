import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Toaster, toast } from 'sonner';
import { SECOND_MS } from '#shared/durations';
import { safeReturnTo } from '#shared/return-to';
import { href } from '#shared/routes';
import { appShellParts } from '#web/app/app-shell-parts';
import { queryClient } from '#web/app/query-client';
import { AppShellContext } from '#web/components/app/app-shell';
import { currentUserQuery } from '#web/features/auth/api/auth-hooks';
import { clearStoredUser } from '#web/features/auth/session-store';
import { setUnauthorizedHandler } from '#web/lib/api-client';

/**
 * Data fetching and toasts for every page but the landing page. It is a lazy route of its own so the
 * landing page's first load stays within its JavaScript budget (docs/decisions/0006-landing-bundle.md).
 */
const TOASTS_TOP = 'calc(var(--app-header-height, 104px) + 16px)';

export function AppProvidersLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    // docs/product-rules.md#api: a 401 from any call forgets the user and goes to /login.
    setUnauthorizedHandler(() => {
      clearStoredUser();
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      // Calls still in flight answer 401 too, once the first has brought the visitor to /login: going
      // there again would lose the place they came from.
      if (window.location.pathname === href('login')) return;
      toast.error('Authentication required', { description: 'Please sign in again.' });
      // The sign-in link brings the reader back to this place (docs/decisions/0055-invitation-as-credential.md).
      const here = safeReturnTo(
        `${window.location.pathname}${window.location.search}${window.location.hash}`,
      );
      navigate(here ? `${href('login')}?returnTo=${encodeURIComponent(here)}` : href('login'));
    });
  }, [navigate]);

  return (
    <QueryClientProvider client={queryClient}>
      <AppShellContext value={appShellParts}>
        <Outlet />
      </AppShellContext>
      {/*
        docs/product-rules.md#messages: one toast at a time, shown for 5 seconds. Below the sticky header on
        every width: the signed-in header publishes its height (the console's grows with its
        navigation's rows), else 104 px, which clears the public pages' 64 px; the close button hangs 9 px
        above the toast, hence the 16 px. It is 28 px, a tap target and not a 12 px dot.
      */}
      <Toaster
        visibleToasts={1}
        duration={5 * SECOND_MS}
        richColors
        closeButton
        position="top-center"
        offset={{ top: TOASTS_TOP }}
        mobileOffset={{ top: TOASTS_TOP }}
        toastOptions={{ classNames: { closeButton: 'size-7! [&>svg]:size-4!' } }}
      />
    </QueryClientProvider>
  );
}
