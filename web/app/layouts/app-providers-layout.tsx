import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../query-client';

/**
 * Data fetching and toasts for every page but the landing page. It is a lazy route of its own so the
 * landing page's first load stays within its JavaScript budget (docs/decisions/0006-landing-bundle.md).
 */
export function AppProvidersLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      {/* Spec section 9: one toast at a time, shown for 5 seconds. */}
      <Toaster visibleToasts={1} duration={5000} richColors closeButton position="top-center" />
    </QueryClientProvider>
  );
}
