import { LogOut } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { href, type PageName } from '../../../shared/routes';
import { useCurrentUser, useLogout } from '../../features/auth/api/auth-hooks';
import { cn } from '../../lib/cn';
import { confirmDiscardUnsavedChanges } from '../../lib/unsaved-changes';
import { Logo } from '../site/logo';
import { Button } from '../ui/button';

/**
 * Where a founder or a co-founder works: the console, the room's setup, and the room's dashboard. A
 * co-founder may also read other rooms as an investor: their list is one more link.
 */
const consolePages: { page: PageName; label: string }[] = [
  { page: 'configure', label: 'Configure' },
  { page: 'setupDataRoom', label: 'Setup' },
  { page: 'admin', label: 'Dashboard' },
];
const editorPages: { page: PageName; label: string }[] = [
  ...consolePages,
  { page: 'investorDashboard', label: 'Rooms' },
];

/**
 * The signed-in pages' header: the product, who is signed in, and Logout
 * (docs/product-rules.md#accounts-and-sessions).
 */
export function AppHeader() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = () => {
    if (!confirmDiscardUnsavedChanges()) return;
    logout.mutate(undefined, {
      onSettled: (_data, error) => {
        if (error)
          toast.error('Error', {
            description: 'You were signed out on this device, but the server could not be reached.',
          });
        navigate(href('login'));
      },
    });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={href('landing')} className="rounded-md" aria-label="Roundroom home">
          <Logo />
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          {user && (
            <span className="hidden truncate text-sm text-slate-600 sm:inline" title={user.email}>
              {user.name || user.email}
            </span>
          )}
          <Button variant="outline" size="sm" onClick={signOut} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      {user?.managedRoom && (
        <nav aria-label="Your data room" className="border-t border-slate-100">
          <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4">
            {(user.managedRoom.role === 'editor' ? editorPages : consolePages).map(({ page, label }) => (
              <li key={page}>
                <NavLink
                  to={href(page)}
                  className={({ isActive }) =>
                    cn(
                      '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive
                        ? 'border-indigo-600 text-indigo-700'
                        : 'border-transparent text-slate-600 hover:text-slate-900',
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
