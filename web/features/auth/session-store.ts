import { type PublicUser, userSchema } from '../../../shared/contracts/auth';

/**
 * The signed-in user's record, kept in localStorage as `user_data` (spec section 3) so pages can greet
 * them before the server answers. It is not a credential: the session is an httpOnly cookie, and the
 * server decides on every request.
 */
const KEY = 'user_data';

export function readStoredUser(): PublicUser | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeUser(user: PublicUser): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full quota: the app still works from the server's answers.
  }
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {}
}

/** Where a user goes after signing in (spec section 4). */
export function homePathFor(user: Pick<PublicUser, 'role'>): '/configure' | '/investor-dashboard' {
  return user.role === 'founder' ? '/configure' : '/investor-dashboard';
}
