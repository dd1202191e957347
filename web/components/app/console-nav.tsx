import {
  ChartColumn,
  ChevronDown,
  FolderOpen,
  LayoutDashboard,
  LibraryBig,
  type LucideIcon,
  Settings,
  SquareStack,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { href } from '#shared/routes';
import { cn } from '#web/lib/cn';
import { useMediaQuery } from '#web/lib/use-media-query';
import {
  type ConsolePlace,
  type ConsolePlaceId,
  type ConsolePosition,
  type ConsoleRole,
  consoleLinkOf,
  consolePlacesFor,
  consolePositionOf,
  placeLinkOf,
} from './console-places';

const PLACE_ICONS: Record<ConsolePlaceId, LucideIcon> = {
  dashboard: LayoutDashboard,
  room: SquareStack,
  documents: FolderOpen,
  investors: Users,
  analytics: ChartColumn,
  settings: Settings,
};

/** Tailwind's lg: from here the places and the current place's sub-places fit in one row. */
export const CONSOLE_NAV_INLINE_QUERY = '(min-width: 1024px)';

/**
 * The console's navigation (docs/decisions/0058-one-console.md), one row at every width. From lg up:
 * the places, with the current place's sub-places inline after it. Below: a place menu and a sub-place
 * menu, side by side, so nothing is clipped on a phone. A co-founder may also read other rooms as an
 * investor: their list is one more link.
 */
export function ConsoleNav({ role }: { role: ConsoleRole }) {
  const { pathname, search } = useLocation();
  const places = consolePlacesFor(role);
  const position = consolePositionOf(pathname, search, places);
  const inline = useMediaQuery(CONSOLE_NAV_INLINE_QUERY, true);
  return (
    <nav aria-label="Your data room" className="border-t border-slate-100">
      {inline ? (
        <InlineRow places={places} position={position} role={role} pathname={pathname} />
      ) : (
        <MenuRow places={places} position={position} role={role} pathname={pathname} />
      )}
    </nav>
  );
}

interface RowProps {
  places: readonly ConsolePlace[];
  position: ConsolePosition | null;
  role: ConsoleRole;
  pathname: string;
}

const PLACE_LINK_CLASS =
  '-mb-px flex h-11 items-center gap-2 whitespace-nowrap border-b-2 px-2.5 text-sm font-medium transition-colors';

function InlineRow({ places, position, role, pathname }: RowProps) {
  return (
    <ul className="mx-auto flex max-w-6xl items-center gap-0.5 px-3">
      {places.map((place) => {
        const link = placeLinkOf(place, pathname);
        if (!link) return null;
        const current = position?.place.id === place.id;
        const Icon = PLACE_ICONS[place.id];
        return (
          <li key={place.id} className="flex items-center">
            <Link
              to={link}
              aria-current={current ? 'page' : undefined}
              className={cn(
                PLACE_LINK_CLASS,
                current
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {/* Icons from xl: at lg the labels alone leave room for the sub-places. */}
              <Icon aria-hidden="true" className="hidden size-4 shrink-0 xl:block" />
              {place.label}
            </Link>
            {current && place.subPlaces.length > 1 && position && (
              <ul
                aria-label={place.label}
                className="mr-1 flex items-center gap-0.5 rounded-full bg-slate-50 p-0.5"
              >
                {place.subPlaces.map((subPlace) => (
                  <li key={subPlace.id}>
                    <Link
                      to={consoleLinkOf(subPlace, pathname)}
                      aria-current={position.subPlace?.id === subPlace.id ? 'page' : undefined}
                      className={cn(
                        'inline-flex h-8 items-center whitespace-nowrap rounded-full px-2.5 text-[13px] transition-colors',
                        position.subPlace?.id === subPlace.id
                          ? 'bg-white font-medium text-indigo-700 shadow-sm'
                          : 'text-slate-600 hover:bg-slate-100',
                      )}
                    >
                      {subPlace.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
      {role === 'editor' && (
        <li className="ml-auto">
          <Link
            to={href('investorDashboard')}
            className={cn(PLACE_LINK_CLASS, 'border-transparent text-slate-600 hover:text-slate-900')}
          >
            <LibraryBig aria-hidden="true" className="size-4 shrink-0" />
            {/* Its word from xl: at lg a co-founder's row of Investors' four sub-places needs the room. */}
            <span className="sr-only xl:not-sr-only">Rooms</span>
          </Link>
        </li>
      )}
    </ul>
  );
}

const MENU_LINK_CLASS =
  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-base transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600';

function MenuRow({ places, position, role, pathname }: RowProps) {
  const place = position?.place ?? null;
  const PlaceIcon = place ? PLACE_ICONS[place.id] : LayoutDashboard;
  const subPlaces = place && place.subPlaces.length > 1 ? place.subPlaces : [];
  return (
    <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2">
      <NavMenu
        label={`Place: ${place?.label ?? 'Your data room'}`}
        button={
          <>
            <PlaceIcon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            <span className="truncate">{place?.label ?? 'Your data room'}</span>
          </>
        }
      >
        {(close) => (
          <>
            {places.map((candidate) => {
              const link = placeLinkOf(candidate, pathname);
              if (!link) return null;
              const Icon = PLACE_ICONS[candidate.id];
              const current = candidate.id === place?.id;
              return (
                <li key={candidate.id}>
                  <Link
                    to={link}
                    aria-current={current ? 'page' : undefined}
                    onClick={close}
                    className={cn(
                      MENU_LINK_CLASS,
                      current ? 'font-medium text-indigo-700' : 'text-slate-700',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    {candidate.label}
                  </Link>
                </li>
              );
            })}
            {role === 'editor' && (
              <li className="mt-1 border-t border-slate-100 pt-1">
                <Link
                  to={href('investorDashboard')}
                  onClick={close}
                  className={cn(MENU_LINK_CLASS, 'text-slate-700')}
                >
                  <LibraryBig aria-hidden="true" className="size-5 shrink-0" />
                  Rooms
                </Link>
              </li>
            )}
          </>
        )}
      </NavMenu>
      {place && subPlaces.length > 0 && (
        <NavMenu
          label={`In ${place.label}: ${position?.subPlace?.label ?? 'choose a page'}`}
          alignEnd
          button={<span className="truncate">{position?.subPlace?.label ?? place.label}</span>}
        >
          {(close) =>
            subPlaces.map((subPlace) => {
              const current = position?.subPlace?.id === subPlace.id;
              return (
                <li key={subPlace.id}>
                  <Link
                    to={consoleLinkOf(subPlace, pathname)}
                    aria-current={current ? 'page' : undefined}
                    onClick={close}
                    className={cn(
                      MENU_LINK_CLASS,
                      current ? 'font-medium text-indigo-700' : 'text-slate-700',
                    )}
                  >
                    {subPlace.label}
                  </Link>
                </li>
              );
            })
          }
        </NavMenu>
      )}
    </div>
  );
}

interface NavMenuProps {
  /** The button's name for screen readers, which starts with what it shows. */
  label: string;
  button: ReactNode;
  /** Open under the button's right edge (the second menu of the row). */
  alignEnd?: boolean;
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows a list of links under it (the disclosure pattern, as the links are navigation):
 * Tab moves through them, Escape or a tap elsewhere closes it, and following a link closes it.
 */
function NavMenu({ label, button, alignEnd = false, children }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative min-w-0 flex-1">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {button}
        <ChevronDown
          aria-hidden="true"
          className={cn('ml-auto size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className={cn(
          'absolute top-full z-40 mt-1 w-max min-w-full max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg',
          alignEnd ? 'right-0' : 'left-0',
        )}
      >
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}
