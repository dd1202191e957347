import { Navigate } from 'react-router';
import { useCurrentUser } from '../api/auth-hooks';
import { homePathFor } from '../session-store';

/**
 * For protected routes whose pages ship with the data-room and console work (/app, /admin,
 * /setup-data-room): without a session they show the login page like every protected route; a
 * signed-in visitor is taken to their own home meanwhile, rather than to a 404.
 */
export function RedirectHome() {
  const { data: user } = useCurrentUser();
  return user ? <Navigate to={homePathFor(user)} replace /> : null;
}
