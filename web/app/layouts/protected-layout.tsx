import { Outlet } from 'react-router';
import { RequireSession } from '#web/features/auth/components/require-session';

/**
 * The signed-in-only routes (docs/product-rules.md#pages): the login page until the server confirms a
 * session.
 */
export function ProtectedLayout() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}
