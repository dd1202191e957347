import { LogOut } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { href } from '#shared/routes';
import { BrandMark, useRoomBrand } from '#web/components/brand/room-brand';
import { Logo } from '#web/components/site/logo';
import { Button } from '#web/components/ui/button';
import { confirmDiscardUnsavedChanges } from '#web/lib/unsaved-changes';
import { useAppShell } from './app-shell';
import { ConsoleNav } from './console-nav';

/**
 * The signed-in pages' header: the product, who is signed in, and Logout
 * (docs/product-rules.md#accounts-and-sessions).
 */
export function AppHeader() {
  const { useCurrentUser, useLogout } = useAppShell();
  const { data: user } = useCurrentUser();
  // On a room's pages with its brand on, the company's mark instead of Roundroom's (ADR 94).
  const branded = useRoomBrand();
  const logout = useLogout();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);

  // The toasts sit below this sticky header, whose height depends on the console's rows (ADR 58):
  // its height is published for the Toaster's offset (app-providers-layout.tsx).
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--app-header-height', `${element.offsetHeight}px`);
    publish();
    // Without ResizeObserver (jsdom) the height published once stands.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);

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
    <header ref={header} className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        {branded ? (
          <BrandMark brand={branded.brand} />
        ) : (
          <Link to={href('landing')} className="rounded-md" aria-label="Roundroom home">
            <Logo />
          </Link>
        )}
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
      {user?.managedRoom && <ConsoleNav role={user.managedRoom.role} />}
    </header>
  );
}
