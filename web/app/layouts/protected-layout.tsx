import { Outlet } from 'react-router';
import { RequireSession } from '../../features/auth/components/require-session';

/** The protected routes of spec section 2: the login page until the server confirms a session. */
export function ProtectedLayout() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}
